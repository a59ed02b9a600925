import HomewardHTTP
import HomewardHTTPTesting
import Logging
import Synchronization
import XCTest

final class AccessLogTests: XCTestCase {
    private final class Lines: Sendable {
        let messages = Mutex<[String]>([])
    }

    private struct CapturingHandler: LogHandler {
        let lines: Lines
        var metadata: Logger.Metadata = [:]
        var logLevel: Logger.Level = .info

        subscript(metadataKey key: String) -> Logger.Metadata.Value? {
            get { metadata[key] }
            set { metadata[key] = newValue }
        }

        func log(event: LogEvent) {
            let requestID = event.metadata?["request-id"].map { " id=\($0)" } ?? ""
            lines.messages.withLock { $0.append("\(event.message)\(requestID)") }
        }
    }

    func testOneAccessLineNamesMethodRouteStatusBytesDurationAndRequestID() throws {
        let lines = Lines()
        var router = Router()
        router.get("/items/{id}") { _ in .text("abc") }
        let logger = Logger(label: "test") { _ in CapturingHandler(lines: lines) }
        try HTTPTestClient.withServer(router, mode: .live, logger: logger) { client in
            _ = try client.execute(.get, "/items/7", headers: ["X-Request-Id": "req-1"])
        }
        let accessLines = lines.messages.withLock { $0 }.filter { $0.hasPrefix("GET ") }
        XCTAssertEqual(accessLines.count, 1, "\(accessLines)")
        let line = try XCTUnwrap(accessLines.first)
        XCTAssertTrue(line.hasPrefix("GET /items/{id} 200 3B "), line)
        XCTAssertTrue(line.contains("us id=req-1"), line)
    }
}
