import CCurl
import Foundation

/// The HTTP half of an outgoing transfer: the request's method, headers and body, HTTP/2 where the
/// receiver offers it, no redirects, and the answer kept up to `maxResponseBytes`.
///
/// `@unchecked Sendable`: created on the caller's thread, then touched only by the client's thread.
final class HTTPExchange: OutgoingExchange, @unchecked Sendable {
    let protocols = "http,https"
    let request: OutgoingRequest
    private let completion: OutgoingHTTPClient.Completion
    private var headerList: UnsafeMutablePointer<curl_slist>?
    private var maxResponseBytes = 0
    private var received: [UInt8] = []

    init(request: OutgoingRequest, completion: @escaping OutgoingHTTPClient.Completion) {
        self.request = request
        self.completion = completion
    }

    func configure(_ easy: UnsafeMutableRawPointer, configuration: OutgoingHTTPClient.Configuration) {
        maxResponseBytes = configuration.maxResponseBytes
        homeward_curl_set_long(easy, CURLOPT_FOLLOWLOCATION, 0)
        homeward_curl_set_long(easy, CURLOPT_HTTP_VERSION, Int(CURL_HTTP_VERSION_2TLS))
        homeward_curl_set_long(easy, CURLOPT_PIPEWAIT, 1)
        homeward_curl_set_string(easy, CURLOPT_USERAGENT, "Homeward")
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
        homeward_curl_set_pointer(easy, CURLOPT_WRITEDATA, Unmanaged.passUnretained(self).toOpaque())
    }

    func complete(easy: UnsafeMutableRawPointer?, code: CURLcode?, failure: OutgoingError?) {
        if let failure {
            completion(.failure(failure))
            return
        }
        var status = 0
        homeward_curl_get_long(easy, CURLINFO_RESPONSE_CODE, &status)
        var version = 0
        homeward_curl_get_long(easy, CURLINFO_HTTP_VERSION, &version)
        let versionText = version == Int(CURL_HTTP_VERSION_2_0) ? "HTTP/2" : version == Int(CURL_HTTP_VERSION_3) ? "HTTP/3" : "HTTP/1.1"
        completion(.success(OutgoingResponse(status: status, body: received, httpVersion: versionText)))
    }

    func release() {
        curl_slist_free_all(headerList)
        headerList = nil
    }

    fileprivate func append(_ data: UnsafeRawBufferPointer) {
        let room = max(0, maxResponseBytes - received.count)
        received.append(contentsOf: data.prefix(room))
    }
}

/// libcurl's write callback: keeps the body up to the exchange's limit.
private func curlReceiveBody(_ data: UnsafeMutablePointer<CChar>?, _ size: Int, _ count: Int, _ context: UnsafeMutableRawPointer?) -> Int {
    guard let data, let context else { return 0 }
    let exchange = Unmanaged<HTTPExchange>.fromOpaque(context).takeUnretainedValue()
    exchange.append(UnsafeRawBufferPointer(start: data, count: size * count))
    return size * count
}
