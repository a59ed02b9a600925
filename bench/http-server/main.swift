import HomewardHTTP
import Logging
#if canImport(Glibc)
import Glibc
#endif

// The benchmark server: HomewardHTTP serving an inline GET /healthz, as bench/http.sh expects.
// Usage: homeward-http-bench [port] [event-loops]
let arguments = CommandLine.arguments
var configuration = HTTPServerConfiguration()
configuration.port = arguments.count > 1 ? Int(arguments[1]) ?? 8081 : 8081
if arguments.count > 2, let loops = Int(arguments[2]) { configuration.eventLoopCount = loops }
configuration.maxConnections = 65_536

var logger = Logger(label: "homeward.http.bench")
logger.logLevel = .warning

var router = Router()
let body = Array(#"{"status":"ok"}"#.utf8)
router.get("/healthz", execution: .inline) { _ in
    HTTPResponse(headers: ["Content-Type": "application/json; charset=utf-8"], bytes: body)
}

let server = HTTPServer(configuration: configuration, router: router, logger: logger)
do {
    try server.start()
} catch {
    logger.critical("cannot start: \(error)")
    exit(1)
}
print("listening on \(configuration.host):\(server.localPort)")
signal(SIGTERM) { _ in _exit(0) }
server.waitUntilStopped()
