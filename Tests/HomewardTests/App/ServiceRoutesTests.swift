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

    func testReadinessFollowsTheDatabaseAndTheStopWhileLivenessOnlyNeedsTheProcess() throws {
        let test = try TestApp()
        try test.withClient(.live) { client in
            for path in ["/livez", "/readyz"] {
                let response = try client.execute(.get, path)
                XCTAssertEqual(response.status, .ok, path)
                XCTAssertEqual(response.text, #"{"status":"ok"}"#, path)
            }
            test.app.health.markStopping()
            let stopping = try client.execute(.get, "/readyz")
            XCTAssertEqual(stopping.status, .serviceUnavailable)
            XCTAssertEqual(stopping.errorMessage, "This node is stopping.")
            XCTAssertEqual(try client.execute(.get, "/livez").status, .ok)
            XCTAssertEqual(try client.execute(.get, "/healthz").status, .ok, "the database still answers")
        }
    }

    func testReadinessAnswers503WhenTheDatabaseDoesNotButLivenessStillAnswers() throws {
        let test = try TestApp()
        test.app.health.stop()
        try test.withClient(.inProcess) { client in
            let response = try client.execute(.get, "/readyz")
            XCTAssertEqual(response.status, .serviceUnavailable)
            XCTAssertEqual(response.errorMessage, "The database does not answer.")
            XCTAssertEqual(try client.execute(.get, "/livez").status, .ok)
        }
    }

    func testMetricsExposeDatabaseSizeAndAppCounters() throws {
        let test = try TestApp()
        test.app.metrics.increment("homeward_alerts_total", labels: ["type": "sos"])
        _ = try test.makeAccount()
        try test.withClient(.live) { client in
            let response = try client.execute(.get, "/metrics")
            XCTAssertEqual(response.status, .ok)
            if TestDatabase.isPostgreSQL {
                XCTAssertTrue(response.text.contains("homeward_database_connections "))
                XCTAssertTrue(response.text.contains("homeward_database_lost_races_total 0"))
                XCTAssertTrue(response.text.contains("homeward_cluster_hears_positions 0\n"), "no stream open, no broker")
                XCTAssertTrue(response.text.contains("homeward_cluster_notifications_total "))
            } else {
                XCTAssertTrue(response.text.contains("homeward_database_size_bytes "))
            }
            // The account was written through the writer: at least one group committed.
            XCTAssertNil(response.text.range(of: "homeward_database_commits_total 0\n"))
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

    func testMetricsWithoutATokenAnswerOnlyALoopbackClientThatCameStraight() throws {
        let test = try TestApp()
        try test.withClient(.live) { client in
            XCTAssertEqual(try client.execute(.get, "/metrics").status, .ok)
            let proxied = try client.execute(.get, "/metrics", headers: ["X-Forwarded-For": "198.51.100.7"])
            XCTAssertEqual(proxied.status, .notFound)
            let forwarded = try client.execute(.get, "/metrics", headers: ["Forwarded": "for=198.51.100.7"])
            XCTAssertEqual(forwarded.status, .notFound)
        }
    }

    func testMetricsWithATokenAnswerOnlyThatBearerToken() throws {
        let test = try TestApp { $0.metricsToken = "scrape-secret-42" }
        try test.withClient(.live) { client in
            let bare = try client.execute(.get, "/metrics")
            XCTAssertEqual(bare.status, .unauthorized)
            XCTAssertEqual(try client.execute(.get, "/metrics", headers: ["Authorization": "Bearer wrong"]).status, .unauthorized)
            let scraped = try client.execute(.get, "/metrics", headers: ["Authorization": "Bearer scrape-secret-42"])
            XCTAssertEqual(scraped.status, .ok)
            XCTAssertTrue(scraped.text.contains(TestDatabase.isPostgreSQL ? "homeward_database_connections " : "homeward_database_size_bytes "))
        }
    }
}
