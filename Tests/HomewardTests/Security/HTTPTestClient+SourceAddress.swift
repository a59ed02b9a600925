import HomewardHTTP
import HomewardHTTPTesting

extension HTTPTestClient {
    /// One request on a connection of its own from the local address `source` (e.g. 127.0.0.2), so
    /// a test has a second client address for per-address limits.
    func send(
        from source: String, _ method: HTTPMethod, _ target: String,
        token: String? = nil, headers: HTTPHeaders = [:], json: String? = nil
    ) throws -> HTTPTestResponse {
        let connection = try openConnection(sourceHost: source)
        let body = Array((json ?? "").utf8)
        var head = "\(method.rawValue) \(target) HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\nContent-Length: \(body.count)\r\n"
        if json != nil { head += "Content-Type: application/json\r\n" }
        if let token { head += "Authorization: Bearer \(token)\r\n" }
        for field in headers { head += "\(field.name): \(field.value)\r\n" }
        try connection.send(Array((head + "\r\n").utf8) + body)
        return try connection.readResponse()
    }

    /// One request with `body` encoded as JSON from the local address `source`.
    func send(
        from source: String, _ method: HTTPMethod, _ target: String, token: String? = nil, body: some Encodable
    ) throws -> HTTPTestResponse {
        try send(from: source, method, target, token: token, json: String(decoding: JSONBody.encode(body), as: UTF8.self))
    }
}
