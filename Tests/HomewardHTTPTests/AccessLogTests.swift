import Foundation
import HomewardHTTP
import HomewardHTTPTesting
import XCTest

final class AccessLogTests: XCTestCase {
    func testOneAccessLineNamesMethodRouteStatusBytesDurationAndRequestID() throws {
        let log = CapturedLog()
        var router = Router()
        router.get("/items/{id}") { _ in .text("abc") }
        try HTTPTestClient.withServer(router, mode: .live, logger: log.logger(level: .info)) { client in
            _ = try client.execute(.get, "/items/7", headers: ["X-Request-Id": "req-1"])
        }
        let accessLines = log.lines.filter { $0.hasPrefix("info GET ") }
        XCTAssertEqual(accessLines.count, 1, "\(accessLines)")
        let line = try XCTUnwrap(accessLines.first)
        XCTAssertNotNil(line.range(of: #"^info GET /items/\{id\} 200 3B \d+us( |$)"#, options: .regularExpression), line)
        XCTAssertTrue(line.contains("request-id=req-1"), line)
    }
}
