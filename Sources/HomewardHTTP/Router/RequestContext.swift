import Logging

/// Everything a handler gets: the request, its path parameters and query, the route template, the
/// request id, the peer's address and the client's origin.
public struct RequestContext: Sendable {
    /// The request (with its body already content-decoded).
    public let request: HTTPRequest
    /// The body as it arrives, for a route that takes it streamed (`RouteBody.streamed`); nil for
    /// every other route.
    public var bodyStream: HTTPRequestBodyStream? { request.bodyStream }
    /// The decoded path parameters by template name.
    public let parameters: [String: String]
    /// The decoded query parameters.
    public let query: QueryParameters
    /// The matched template, e.g. `/v1/accounts/{id}`.
    public let routeTemplate: String
    /// The request id (the client's `X-Request-Id` when sane, otherwise generated).
    public let requestID: String
    /// The socket peer's address, e.g. `127.0.0.1:53422` (a reverse proxy's, behind one).
    public let remoteAddress: String
    /// The client's address and scheme: the peer's, or what a trusted reverse proxy relays
    /// (`--trusted-proxies`). Per-address limits count `origin.address`; `origin.isSecure` says
    /// whether links should be https and cookies Secure. Worked out when asked for: few handlers
    /// ask, and the forwarding headers need not be read for the rest (ingest among them).
    public var origin: ClientOrigin { trustedProxies.origin(of: request, peer: remoteAddress) }
    /// The reverse proxies whose forwarding headers `origin` believes.
    private let trustedProxies: TrustedProxies
    /// What an `.inlineWhen` route's predicate returned when it admitted the request to the I/O
    /// thread; nil on the worker pool and for every other route.
    public let admission: (any Sendable)?
    /// A logger carrying the request id (made when asked for: most requests never log).
    public var logger: Logger {
        var logger = baseLogger
        logger[metadataKey: "request-id"] = "\(requestID)"
        return logger
    }

    private let baseLogger: Logger

    /// Creates a context; the server and the in-process test client do this. `logger` gets the
    /// request id as metadata.
    public init(
        request: HTTPRequest, parameters: [String: String], query: QueryParameters, routeTemplate: String,
        requestID: String, remoteAddress: String, trustedProxies: TrustedProxies = TrustedProxies(),
        admission: (any Sendable)? = nil,
        logger: Logger
    ) {
        self.request = request
        self.parameters = parameters
        self.query = query
        self.routeTemplate = routeTemplate
        self.requestID = requestID
        self.remoteAddress = remoteAddress
        self.trustedProxies = trustedProxies
        self.admission = admission
        baseLogger = logger
    }

    /// The path parameter `name`; throws 404 if the template has none of that name.
    public func parameter(_ name: String) throws(HTTPError) -> String {
        guard let value = parameters[name] else { throw .notFound() }
        return value
    }
}
