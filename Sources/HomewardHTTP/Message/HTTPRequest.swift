/// A complete HTTP request: head and (de-chunked, still content-encoded) body.
public struct HTTPRequest: Sendable {
    /// The method.
    public var method: HTTPMethod
    /// The request-target as sent (origin-form, or the path of an absolute-form target, or `*`).
    public var target: String
    /// The path part of the target, still percent-encoded.
    public var path: String
    /// The query part of the target without the `?`, still encoded; empty when absent.
    public var query: String
    /// The protocol version.
    public var version: HTTPVersion
    /// The header fields.
    public var headers: HTTPHeaders
    /// The body bytes (after chunked decoding; `Content-Encoding` is undone by the responder).
    public var body: [UInt8]
    /// Whether the connection stays open after the response.
    public var keepAlive: Bool
    /// The body as it arrives, for a route that takes its body streamed (`RouteBody.streamed`);
    /// `body` is then empty. Nil for every other route.
    public var bodyStream: HTTPRequestBodyStream?

    /// Creates a request; used by the parser and by in-process tests.
    public init(
        method: HTTPMethod,
        target: String,
        version: HTTPVersion = .http1_1,
        headers: HTTPHeaders = [:],
        body: [UInt8] = [],
        keepAlive: Bool = true
    ) {
        self.method = method
        self.target = target
        if let question = target.utf8.firstIndex(of: UInt8(ascii: "?")) {
            path = String(target[..<question])
            query = String(target[target.index(after: question)...])
        } else {
            path = target
            query = ""
        }
        self.version = version
        self.headers = headers
        self.body = body
        self.keepAlive = keepAlive
    }
}
