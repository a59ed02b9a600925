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
    public func respond(to request: HTTPRequest, resolution: RouteResolution, requestID: String, remoteAddress: String) -> HTTPResponse {
        var response: HTTPResponse
        switch resolution {
        case .failed(let error, _):
            response = error.response
        case .matched(let route, let parameters):
            do {
                var decoded = request
                decoded.body = try decodedBody(of: request)
                var requestLogger = logger
                requestLogger[metadataKey: "request-id"] = "\(requestID)"
                let context = RequestContext(
                    request: decoded, parameters: parameters, query: try QueryParameters(parsing: request.query),
                    routeTemplate: route.template, requestID: requestID, remoteAddress: remoteAddress, logger: requestLogger
                )
                response = try route.handler(context)
            } catch let error as HTTPError {
                response = error.response
            } catch let error as any HTTPErrorConvertible where error.httpError != nil {
                logger.warning("handler refused", metadata: [
                    "request-id": "\(requestID)", "route": "\(route.template)", "error": "\(String(reflecting: error))",
                ])
                response = (error.httpError ?? .internalError).response
            } catch {
                logger.error("handler failed", metadata: [
                    "request-id": "\(requestID)", "route": "\(route.template)", "error": "\(String(reflecting: error))",
                ])
                response = HTTPError.internalError.response
            }
        }
        response.headers.replaceOrAdd(name: "X-Request-Id", value: requestID)
        compressIfAccepted(&response, for: request)
        return response
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
        response.headers.add(name: "Vary", value: "Accept-Encoding")
        guard AcceptEncoding.acceptsGzip(request.headers["Accept-Encoding"]) else { return }
        response.body = .bytes(Gzip.compress(bytes))
        response.headers.add(name: "Content-Encoding", value: "gzip")
    }
}
