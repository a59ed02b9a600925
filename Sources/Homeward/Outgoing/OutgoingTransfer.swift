import CCurl
import Foundation
import HomewardHTTP

/// One request in `OutgoingHTTPClient`: its curl handle while in flight, the answer as it arrives, and
/// the address check that libcurl calls before it opens a socket.
///
/// `@unchecked Sendable`: created on the caller's thread, then touched only by the client's thread.
final class OutgoingTransfer: @unchecked Sendable {
    let request: OutgoingRequest
    let completion: OutgoingHTTPClient.Completion
    private let policy: OutgoingAddressPolicy
    private var easy: UnsafeMutableRawPointer?
    private var headerList: UnsafeMutablePointer<curl_slist>?
    private let errorBuffer = UnsafeMutablePointer<CChar>.allocate(capacity: Int(CURL_ERROR_SIZE) + 1)
    private var maxResponseBytes = 0
    private var received: [UInt8] = []
    private var refusal: String?

    init(request: OutgoingRequest, policy: OutgoingAddressPolicy, completion: @escaping OutgoingHTTPClient.Completion) {
        self.request = request
        self.policy = policy
        self.completion = completion
        errorBuffer.initialize(repeating: 0, count: Int(CURL_ERROR_SIZE) + 1)
    }

    deinit {
        errorBuffer.deallocate()
    }

    /// A configured easy handle for the request, owned by the transfer until `releaseHandle()`.
    func makeHandle(configuration: OutgoingHTTPClient.Configuration) -> UnsafeMutableRawPointer? {
        guard let easy = curl_easy_init() else { return nil }
        self.easy = easy
        maxResponseBytes = configuration.maxResponseBytes
        let context = Unmanaged.passUnretained(self).toOpaque()
        homeward_curl_set_string(easy, CURLOPT_URL, request.url.text)
        homeward_curl_set_string(easy, CURLOPT_PROTOCOLS_STR, "http,https")
        homeward_curl_set_long(easy, CURLOPT_FOLLOWLOCATION, 0)
        homeward_curl_set_string(easy, CURLOPT_PROXY, "")
        homeward_curl_set_long(easy, CURLOPT_NOSIGNAL, 1)
        homeward_curl_set_long(easy, CURLOPT_TIMEOUT_MS, Int(configuration.timeoutSeconds * 1000))
        homeward_curl_set_long(easy, CURLOPT_HTTP_VERSION, Int(CURL_HTTP_VERSION_2TLS))
        homeward_curl_set_long(easy, CURLOPT_PIPEWAIT, 1)
        homeward_curl_set_long(easy, CURLOPT_SSL_VERIFYPEER, 1)
        homeward_curl_set_long(easy, CURLOPT_SSL_VERIFYHOST, 2)
        if let caFile = configuration.caFilePath { homeward_curl_set_string(easy, CURLOPT_CAINFO, caFile) }
        homeward_curl_set_string(easy, CURLOPT_USERAGENT, "Homeward")
        homeward_curl_set_pointer(easy, CURLOPT_ERRORBUFFER, errorBuffer)
        if request.method == "GET" {
            homeward_curl_set_long(easy, CURLOPT_HTTPGET, 1)
        } else {
            homeward_curl_set_size(easy, CURLOPT_POSTFIELDSIZE_LARGE, curl_off_t(request.body.count))
            if request.body.isEmpty {
                homeward_curl_set_string(easy, CURLOPT_COPYPOSTFIELDS, "")
            } else {
                _ = request.body.withUnsafeBytes { homeward_curl_set_pointer(easy, CURLOPT_COPYPOSTFIELDS, UnsafeMutableRawPointer(mutating: $0.baseAddress)) }
            }
            if request.method != "POST" { homeward_curl_set_string(easy, CURLOPT_CUSTOMREQUEST, request.method) }
        }
        var list: UnsafeMutablePointer<curl_slist>?
        for header in request.headers + [OutgoingHeader("Expect", "")] {
            let value = header.value.filter { $0 != "\r" && $0 != "\n" }
            list = curl_slist_append(list, value.isEmpty ? "\(header.name):" : "\(header.name): \(value)")
        }
        headerList = list
        homeward_curl_set_slist(easy, CURLOPT_HTTPHEADER, list)
        homeward_curl_set_write_callback(easy, curlReceiveBody)
        homeward_curl_set_pointer(easy, CURLOPT_WRITEDATA, context)
        homeward_curl_set_opensocket_callback(easy, curlOpenSocket)
        homeward_curl_set_pointer(easy, CURLOPT_OPENSOCKETDATA, context)
        return easy
    }

    /// The answer, or why there is none, once libcurl reports the transfer done with `code`. A refused
    /// address is the reason only when no other address of the host answered (a name may resolve to
    /// `::1`, refused, and to an allowed address).
    func result(of code: CURLcode) -> Result<OutgoingResponse, OutgoingError> {
        if code != CURLE_OK, let refusal { return .failure(OutgoingError("refused: \(refusal)", isRefusal: true)) }
        guard code == CURLE_OK, let easy else {
            let detail = String(cString: errorBuffer)
            return .failure(OutgoingError(detail.isEmpty ? String(cString: curl_easy_strerror(code)) : detail))
        }
        var status = 0
        homeward_curl_get_long(easy, CURLINFO_RESPONSE_CODE, &status)
        var version = 0
        homeward_curl_get_long(easy, CURLINFO_HTTP_VERSION, &version)
        let versionText = version == Int(CURL_HTTP_VERSION_2_0) ? "HTTP/2" : version == Int(CURL_HTTP_VERSION_3) ? "HTTP/3" : "HTTP/1.1"
        return .success(OutgoingResponse(status: status, body: received, httpVersion: versionText))
    }

    /// Frees the curl handle and header list.
    func releaseHandle() {
        if let easy { curl_easy_cleanup(easy) }
        curl_slist_free_all(headerList)
        easy = nil
        headerList = nil
    }

    fileprivate func append(_ data: UnsafeRawBufferPointer) {
        let room = max(0, maxResponseBytes - received.count)
        received.append(contentsOf: data.prefix(room))
    }

    /// Opens the socket libcurl asked for, unless the policy refuses the address.
    fileprivate func openSocket(_ address: UnsafeMutablePointer<curl_sockaddr>) -> curl_socket_t {
        let offset = MemoryLayout<curl_sockaddr>.offset(of: \curl_sockaddr.addr)!
        let socketAddress = (UnsafeMutableRawPointer(address) + offset).assumingMemoryBound(to: sockaddr.self)
        guard let resolved = IPAddress(socketAddress: UnsafePointer(socketAddress)) else {
            refusal = "\(request.url.host) resolves to an address of an unknown family"
            return -1
        }
        if let reason = policy.refusal(connectingTo: resolved, forHost: request.url.host, ownAddresses: IPAddress.ownAddresses()) {
            refusal = reason
            return -1
        }
        return socket(address.pointee.family, address.pointee.socktype | Int32(SOCK_CLOEXEC.rawValue), address.pointee.protocol)
    }
}

/// libcurl's write callback: keeps the body up to the transfer's limit.
private func curlReceiveBody(_ data: UnsafeMutablePointer<CChar>?, _ size: Int, _ count: Int, _ context: UnsafeMutableRawPointer?) -> Int {
    guard let data, let context else { return 0 }
    let transfer = Unmanaged<OutgoingTransfer>.fromOpaque(context).takeUnretainedValue()
    transfer.append(UnsafeRawBufferPointer(start: data, count: size * count))
    return size * count
}

/// libcurl's open-socket callback: the one place where an outgoing connection's address is decided.
private func curlOpenSocket(_ context: UnsafeMutableRawPointer?, _ purpose: curlsocktype, _ address: UnsafeMutablePointer<curl_sockaddr>?) -> curl_socket_t {
    guard let context, let address, purpose == CURLSOCKTYPE_IPCXN else { return -1 }
    return Unmanaged<OutgoingTransfer>.fromOpaque(context).takeUnretainedValue().openSocket(address)
}
