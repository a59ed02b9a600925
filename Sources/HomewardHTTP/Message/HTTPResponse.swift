/// An HTTP response as a handler returns it; the server adds `Date`, `Server`, framing and `Connection`.
public struct HTTPResponse: Sendable {
    /// The status.
    public var status: HTTPStatus
    /// The header fields set by the application.
    public var headers: HTTPHeaders
    /// The body.
    public var body: HTTPResponseBody

    /// Creates a response.
    public init(status: HTTPStatus = .ok, headers: HTTPHeaders = [:], body: HTTPResponseBody = .bytes([])) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// Creates a response with a byte body.
    public init(status: HTTPStatus = .ok, headers: HTTPHeaders = [:], bytes: [UInt8]) {
        self.init(status: status, headers: headers, body: .bytes(bytes))
    }

    /// A plain-text response (`text/plain; charset=utf-8`).
    public static func text(_ text: String, status: HTTPStatus = .ok) -> HTTPResponse {
        HTTPResponse(status: status, headers: ["Content-Type": "text/plain; charset=utf-8"], bytes: Array(text.utf8))
    }

    /// A streamed response; `produce` receives the writer on a worker thread.
    public static func stream(
        status: HTTPStatus = .ok,
        headers: HTTPHeaders = [:],
        _ produce: @escaping @Sendable (HTTPBodyWriter) -> Void
    ) -> HTTPResponse {
        HTTPResponse(status: status, headers: headers, body: .stream(produce))
    }

    /// A response that `start` completes later (see `HTTPResponseBody.deferred`).
    public static func deferred(_ start: @escaping @Sendable (ResponseCompletion) -> Void) -> HTTPResponse {
        HTTPResponse(status: .ok, body: .deferred(start))
    }

    /// The body bytes, or nil for a stream.
    public var bodyBytes: [UInt8]? {
        if case .bytes(let bytes) = body { return bytes }
        return nil
    }
}
