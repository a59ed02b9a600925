import HomewardHTTP
import Logging

/// One test-client API over two modes: in-process (the responder called directly) or live (the
/// real server over a real socket, with a keep-alive connection).
public final class HTTPTestClient {
    /// The mode this client runs in.
    public let mode: HTTPTestMode
    /// The server, in live mode.
    public let server: HTTPServer?
    private let responder: HTTPResponder
    private let configuration: HTTPServerConfiguration
    private var connection: HTTPTestConnection?

    private init(mode: HTTPTestMode, server: HTTPServer?, responder: HTTPResponder) {
        self.mode = mode
        self.server = server
        self.responder = responder
        configuration = responder.configuration
    }

    /// Runs `body` with a client for `router`; in live mode the server is started first and shut
    /// down (gracefully, waited for) afterwards.
    public static func withServer<T>(
        _ router: Router,
        mode: HTTPTestMode,
        configuration: HTTPServerConfiguration = .testing,
        logger: Logger = Logger(label: "homeward.http.test", factory: { _ in SwiftLogNoOpLogHandler() }),
        _ body: (HTTPTestClient) throws -> T
    ) throws -> T {
        let responder = HTTPResponder(router: router, configuration: configuration, logger: logger)
        guard mode == .live else {
            return try body(HTTPTestClient(mode: mode, server: nil, responder: responder))
        }
        let server = HTTPServer(configuration: configuration, router: router, logger: logger)
        try server.start()
        defer {
            server.shutdown()
            server.waitUntilStopped()
        }
        let client = HTTPTestClient(mode: mode, server: server, responder: responder)
        defer { client.connection = nil }
        return try body(client)
    }

    /// The live server's port.
    public var port: Int { server?.localPort ?? 0 }

    /// Sends a request and returns its response (on the client's keep-alive connection when live).
    public func execute(
        _ method: HTTPMethod, _ target: String, headers: HTTPHeaders = [:], body: [UInt8] = []
    ) throws -> HTTPTestResponse {
        var headers = headers
        if !headers.contains("Host") { headers.add(name: "Host", value: "localhost") }
        switch mode {
        case .inProcess:
            let request = HTTPRequest(method: method, target: target, headers: headers, body: body)
            let resolution = responder.resolve(request)
            let response = responder.respond(to: request, resolution: resolution, requestID: "test", remoteAddress: "in-process")
            guard case .bytes(let bytes) = response.body else { throw HTTPTestError.requiresLiveMode }
            return HTTPTestResponse(status: response.status, headers: response.headers, body: method == .head ? [] : bytes)
        case .live:
            if !body.isEmpty || method == .post || method == .put || method == .patch {
                headers.replaceOrAdd(name: "Content-Length", value: String(body.count))
            }
            var request = "\(method.rawValue) \(target) HTTP/1.1\r\n"
            for field in headers { request += "\(field.name): \(field.value)\r\n" }
            request += "\r\n"
            let connection = try self.connection ?? HTTPTestConnection(host: connectHost, port: port)
            self.connection = connection
            do {
                try connection.send(Array(request.utf8) + body)
                let response = try connection.readResponse(omitBody: method == .head)
                if response.headers["Connection"]?.lowercased() == "close" { self.connection = nil }
                return response
            } catch {
                self.connection = nil
                throw error
            }
        }
    }

    /// Opens a new connection, sends `bytes` as they are, and returns everything received until
    /// the server closes or nothing arrives for `timeoutSeconds` (live mode only).
    public func sendRaw(_ bytes: [UInt8], timeoutSeconds: Double = 2) throws -> [UInt8] {
        guard mode == .live else { throw HTTPTestError.requiresLiveMode }
        let connection = try HTTPTestConnection(host: connectHost, port: port, timeoutSeconds: timeoutSeconds)
        try connection.send(bytes)
        return connection.receiveUntilClose()
    }

    /// Opens a new raw connection to the live server, on `host` (the configured host when nil,
    /// 127.0.0.1 for a wildcard bind).
    /// `sourceHost` binds the client's end to another local IPv4 address first.
    public func openConnection(host: String? = nil, timeoutSeconds: Double = 5, sourceHost: String? = nil) throws -> HTTPTestConnection {
        guard mode == .live else { throw HTTPTestError.requiresLiveMode }
        return try HTTPTestConnection(host: host ?? connectHost, port: port, timeoutSeconds: timeoutSeconds, sourceHost: sourceHost)
    }

    private var connectHost: String {
        switch configuration.host {
        case "0.0.0.0": "127.0.0.1"
        case "::": "::1"
        default: configuration.host
        }
    }
}
