import CCurl
import Foundation
import HomewardHTTP

/// One transfer in `OutgoingHTTPClient`: its curl handle while in flight with the options every
/// transfer shares, and the address check that libcurl calls before it opens a socket. What the
/// protocol adds (an HTTP request, a mail) is its `exchange`.
///
/// `@unchecked Sendable`: created on the caller's thread, then touched only by the client's thread.
final class OutgoingTransfer: @unchecked Sendable {
    /// Where the transfer goes; its `destination` shares the per-destination limit.
    let url: OutgoingURL
    private let exchange: any OutgoingExchange
    private let policy: OutgoingAddressPolicy
    private var easy: UnsafeMutableRawPointer?
    private let errorBuffer = UnsafeMutablePointer<CChar>.allocate(capacity: Int(CURL_ERROR_SIZE) + 1)
    private var refusal: String?

    init(url: OutgoingURL, exchange: any OutgoingExchange, policy: OutgoingAddressPolicy) {
        self.url = url
        self.exchange = exchange
        self.policy = policy
        errorBuffer.initialize(repeating: 0, count: Int(CURL_ERROR_SIZE) + 1)
    }

    deinit {
        errorBuffer.deallocate()
    }

    /// A configured easy handle, owned by the transfer until it finishes.
    func makeHandle(configuration: OutgoingHTTPClient.Configuration) -> UnsafeMutableRawPointer? {
        guard let easy = curl_easy_init() else { return nil }
        self.easy = easy
        homeward_curl_set_string(easy, CURLOPT_URL, url.text)
        homeward_curl_set_string(easy, CURLOPT_PROTOCOLS_STR, exchange.protocols)
        homeward_curl_set_string(easy, CURLOPT_PROXY, "")
        homeward_curl_set_long(easy, CURLOPT_NOSIGNAL, 1)
        homeward_curl_set_long(easy, CURLOPT_TIMEOUT_MS, Int(configuration.timeoutSeconds * 1000))
        homeward_curl_set_long(easy, CURLOPT_SSL_VERIFYPEER, 1)
        homeward_curl_set_long(easy, CURLOPT_SSL_VERIFYHOST, 2)
        if let caFile = configuration.caFilePath { homeward_curl_set_string(easy, CURLOPT_CAINFO, caFile) }
        homeward_curl_set_pointer(easy, CURLOPT_ERRORBUFFER, errorBuffer)
        homeward_curl_set_opensocket_callback(easy, curlOpenSocket)
        homeward_curl_set_pointer(easy, CURLOPT_OPENSOCKETDATA, Unmanaged.passUnretained(self).toOpaque())
        exchange.configure(easy, configuration: configuration)
        return easy
    }

    /// Hands the outcome of the transfer libcurl reports done with `code` to the caller, and frees the
    /// handle. A refused address is the reason only when no other address of the host answered (a
    /// name may resolve to `::1`, refused, and to an allowed address).
    func finish(code: CURLcode) {
        var failure: OutgoingError?
        if code != CURLE_OK {
            if let refusal {
                failure = OutgoingError("refused: \(refusal)", isRefusal: true)
            } else {
                let detail = String(cString: errorBuffer)
                failure = OutgoingError(detail.isEmpty ? String(cString: curl_easy_strerror(code)) : detail)
            }
        }
        exchange.complete(easy: easy, code: code, failure: failure)
        releaseHandle()
    }

    /// Fails a transfer that never ran (or was cut off) with `reason`, and frees its handle if any.
    func abandon(_ reason: String) {
        exchange.complete(easy: nil, code: nil, failure: OutgoingError(reason))
        releaseHandle()
    }

    private func releaseHandle() {
        if let easy { curl_easy_cleanup(easy) }
        easy = nil
        exchange.release()
    }

    /// Opens the socket libcurl asked for, unless the policy refuses the address.
    fileprivate func openSocket(_ address: UnsafeMutablePointer<curl_sockaddr>) -> curl_socket_t {
        let offset = MemoryLayout<curl_sockaddr>.offset(of: \curl_sockaddr.addr)!
        let socketAddress = (UnsafeMutableRawPointer(address) + offset).assumingMemoryBound(to: sockaddr.self)
        guard let resolved = IPAddress(socketAddress: UnsafePointer(socketAddress)) else {
            refusal = "\(url.host) resolves to an address of an unknown family"
            return -1
        }
        if let reason = policy.refusal(connectingTo: resolved, forHost: url.host, ownAddresses: IPAddress.ownAddresses()) {
            refusal = reason + " (whoever runs the server can allow it)"
            return -1
        }
        return socket(address.pointee.family, address.pointee.socktype | Int32(SOCK_CLOEXEC.rawValue), address.pointee.protocol)
    }
}

/// libcurl's open-socket callback: the one place where an outgoing connection's address is decided.
private func curlOpenSocket(_ context: UnsafeMutableRawPointer?, _ purpose: curlsocktype, _ address: UnsafeMutablePointer<curl_sockaddr>?) -> curl_socket_t {
    guard let context, let address, purpose == CURLSOCKTYPE_IPCXN else { return -1 }
    return Unmanaged<OutgoingTransfer>.fromOpaque(context).takeUnretainedValue().openSocket(address)
}
