import Dispatch
import Logging

/// The upper half of request handling, independent of sockets: resolves the route, undoes
/// `Content-Encoding`, runs the handler, maps errors to the JSON envelope, and gzips the response.
/// The server runs it on an I/O thread (inline routes) or a worker; the in-process test client calls
/// it directly.
public struct HTTPResponder: Sendable {
    /// The routes.
    public let router: Router
    /// The limits (body decoding and response compression use them).
    public let configuration: HTTPServerConfiguration
    /// Where unexpected handler errors are logged.
    public let logger: Logger

    /// Creates a responder.
    public init(router: Router, configuration: HTTPServerConfiguration, logger: Logger) {
        self.router = router
        self.configuration = configuration
        self.logger = logger
    }

    /// Finds the route for the request.
    public func resolve(_ request: HTTPRequest) -> RouteResolution {
        router.resolve(request.method, path: request.path)
    }

    /// Produces the response to `request`, never throwing: every failure becomes an error response.
    /// Blocks until a deferred response is complete: for the in-process test client.
    public func respond(to request: HTTPRequest, resolution: RouteResolution, requestID: String, remoteAddress: String) -> HTTPResponse {
        let outcome = DeferredOutcome()
        respond(to: request, resolution: resolution, requestID: requestID, remoteAddress: remoteAddress) { response in
            outcome.deliver(response)
        }
        return outcome.wait()
    }

    /// Produces the response to `request` and passes it to `completion`: on this thread when the
    /// handler answers at once, later from whichever thread completes a deferred response. Never
    /// throws: every failure becomes an error response. `completion` is called exactly once.
    /// `admission` is what an `.inlineWhen` route's predicate returned, for the handler's context.
    public func respond(
        to request: HTTPRequest, resolution: RouteResolution, requestID: String, remoteAddress: String,
        admission: (any Sendable)? = nil, completion: @escaping @Sendable (HTTPResponse) -> Void
    ) {
        let finish: @Sendable (HTTPResponse) -> Void = { [self] response in
            var response = response
            response.headers.replaceOrAdd(name: "X-Request-Id", value: requestID)
            compressIfAccepted(&response, for: request)
            completion(response)
        }
        let route: Route
        let response: HTTPResponse
        switch resolution {
        case .failed(let error, _):
            finish(error.response)
            return
        case .matched(let matched, let parameters):
            route = matched
            do {
                var decoded = request
                if route.body.streamedMaxBytes != nil {
                    // A streamed body's bytes are the handler's to read (and to undo any coding of).
                    if decoded.bodyStream == nil { decoded.bodyStream = HTTPRequestBodyStream(complete: request.body) }
                } else {
                    decoded.body = try decodedBody(of: request)
                }
                let context = RequestContext(
                    request: decoded, parameters: parameters, query: try QueryParameters(parsing: request.query),
                    routeTemplate: route.template, requestID: requestID, remoteAddress: remoteAddress,
                    trustedProxies: configuration.trustedProxies,
                    admission: admission, logger: logger
                )
                response = try route.handler(context)
            } catch {
                finish(errorResponse(for: error, route: route, requestID: requestID))
                return
            }
        }
        guard case .deferred(let start) = response.body else {
            finish(response)
            return
        }
        start(ResponseCompletion { [self] outcome in
            switch outcome {
            case .success(let response):
                if case .deferred = response.body {
                    logger.error("deferred response completed with another deferred response", metadata: [
                        "request-id": "\(requestID)", "route": "\(route.template)",
                    ])
                    finish(HTTPError.internalError.response)
                } else {
                    finish(response)
                }
            case .failure(let error):
                finish(errorResponse(for: error, route: route, requestID: requestID))
            }
        })
    }

    /// The response for an error a handler threw (or completed a deferred response with); logs
    /// what is not the client's fault.
    private func errorResponse(for error: any Error, route: Route, requestID: String) -> HTTPResponse {
        switch error {
        case let error as HTTPError:
            return error.response
        case let error as any HTTPErrorConvertible where error.httpError != nil:
            logger.warning("handler refused", metadata: [
                "request-id": "\(requestID)", "route": "\(route.template)", "error": "\(String(reflecting: error))",
            ])
            return (error.httpError ?? .internalError).response
        default:
            logger.error("handler failed", metadata: [
                "request-id": "\(requestID)", "route": "\(route.template)", "error": "\(String(reflecting: error))",
            ])
            return HTTPError.internalError.response
        }
    }

    private func decodedBody(of request: HTTPRequest) throws(HTTPError) -> [UInt8] {
        guard let encoding = request.headers["Content-Encoding"]?.lowercased(), encoding != "identity" else {
            return request.body
        }
        guard encoding == "gzip" || encoding == "x-gzip" else {
            throw .unsupportedMediaType("Only gzip request bodies are supported.")
        }
        return try Gzip.decompress(request.body, limitBytes: configuration.maxDecodedBodyBytes)
    }

    private func compressIfAccepted(_ response: inout HTTPResponse, for request: HTTPRequest) {
        guard case .bytes(let bytes) = response.body,
              bytes.count >= configuration.responseCompressionMinimumBytes,
              !response.headers.contains("Content-Encoding") else { return }
        if !response.headers.values(for: "Vary").contains(where: { $0.lowercased().contains("accept-encoding") }) {
            response.headers.add(name: "Vary", value: "Accept-Encoding")
        }
        guard AcceptEncoding.acceptsGzip(request.headers["Accept-Encoding"]) else { return }
        response.body = .bytes(Gzip.compress(bytes))
        response.headers.add(name: "Content-Encoding", value: "gzip")
    }
}

/// Hands a response completed on another thread to a thread that waits for it.
///
/// `@unchecked Sendable`: `response` is written once before `ready` is signalled and read after.
private final class DeferredOutcome: @unchecked Sendable {
    private let ready = DispatchSemaphore(value: 0)
    private var response: HTTPResponse?

    func deliver(_ response: HTTPResponse) {
        self.response = response
        ready.signal()
    }

    func wait() -> HTTPResponse {
        ready.wait()
        return response ?? HTTPError.internalError.response
    }
}
