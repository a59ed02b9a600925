import XCTest
import HomewardHTTP
@testable import Homeward

final class ServiceRoutesTests: XCTestCase {
    func testHealthzAnswersOkWhileTheDatabaseAnswers() throws {
        let test = try TestApp()
        try test.withClient(.live) { client in
            let response = try client.execute(.get, "/healthz")
            XCTAssertEqual(response.status, .ok)
            XCTAssertEqual(response.text, #"{"status":"ok"}"#)
        }
    }

    func testHealthzAnswers503OnceTheDatabaseIsClosed() throws {
        let test = try TestApp()
        test.app.health.stop()
        try test.withClient(.inProcess) { client in
            let response = try client.execute(.get, "/healthz")
            XCTAssertEqual(response.status, .serviceUnavailable)
            XCTAssertEqual(response.errorCode, "unavailable")
        }
    }

    func testMetricsExposeDatabaseSizeAndAppCounters() throws {
        let test = try TestApp()
        test.app.metrics.increment("homeward_alerts_total", labels: ["type": "sos"])
        try test.withClient(.inProcess) { client in
            let response = try client.execute(.get, "/metrics")
            XCTAssertEqual(response.status, .ok)
            XCTAssertTrue(response.text.contains("homeward_database_size_bytes "))
            XCTAssertTrue(response.text.contains("homeward_database_commits_total "))
            XCTAssertTrue(response.text.contains("homeward_database_writes_total "))
            XCTAssertTrue(response.text.contains(#"homeward_alerts_total{type="sos"} 1"#))
        }
    }

    func testOpenAPIDocumentIsServed() throws {
        let test = try TestApp()
        try test.withClient(.inProcess) { client in
            let response = try client.execute(.get, "/openapi.yaml")
            XCTAssertEqual(response.status, .ok)
            XCTAssertTrue(response.text.hasPrefix("openapi: 3.1.0"))
        }
    }
}
