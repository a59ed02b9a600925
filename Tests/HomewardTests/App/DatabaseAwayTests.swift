import Foundation
import HomewardHTTP
import HomewardHTTPTesting
import HomewardPostgres
import XCTest
@testable import Homeward

/// A database that is away (a PostgreSQL server restarted or shut down, its disk full, too many
/// connections) answers 503 `unavailable`, never 500: nothing was stored and the phone may resend.
final class DatabaseAwayTests: XCTestCase {
    func testPostgreSQLFailuresOfTheDatabasesStateAnswer503AndTheRequestsOwnStay500() {
        for sqlState in ["", "08006", "57P01", "57P02", "57P03", "53100", "53200", "53300", "40001", "40P01", "25006"] {
            let error = PostgresError(sqlState: sqlState, message: "test")
            XCTAssertEqual(error.httpError?.status, .serviceUnavailable, "SQLSTATE \(sqlState)")
        }
        XCTAssertTrue(PostgresError(sqlState: "53100", message: "disk full").httpError?.message.contains("no room") == true)
        for sqlState in ["23505", "42P01", "22P02", "XX000"] {
            XCTAssertNil(PostgresError(sqlState: sqlState, message: "test").httpError, "SQLSTATE \(sqlState)")
        }
    }

    /// The server drops every connection of the node (an administrator's restart): the requests
    /// under way answer 503 or, on a fresh connection, succeed; none answers 500, and the node
    /// goes on serving.
    func testConnectionsTheServerDroppedAnswer503NotAServerError() throws {
        try XCTSkipUnless(TestDatabase.isPostgreSQL, "PostgreSQL connections")
        let test = try TestApp()
        let person = try test.makeAccount(name: "Person")
        let admin = try PostgresConnection(url: test.app.configuration.databasePath)
        try test.withClient { client in
            var statuses: [Int] = []
            for round in 0..<6 {
                try admin.executeScript("""
                    SELECT pg_terminate_backend(pid) FROM pg_stat_activity
                    WHERE datname = current_database() AND pid <> pg_backend_pid()
                    """)
                let sample = API.LocationSample(
                    t: Double(test.clock.now().unixMilliseconds) / 1000 + Double(round), lat: 51.5, lon: -0.12, accuracy: 8)
                statuses.append(Int(try client.execute(
                    .post, "/v1/locations", headers: person.auth, body: JSONBody.encode(API.LocationBatch(samples: [sample]))).status.code))
                statuses.append(Int(try client.execute(.get, "/v1/dependents", headers: person.auth).status.code))
            }
            XCTAssertFalse(statuses.contains(500), "\(statuses)")
            XCTAssertTrue(statuses.allSatisfy { $0 == 200 || $0 == 503 }, "\(statuses)")
            var recovered = false
            for _ in 0..<10 where !recovered {
                recovered = try client.execute(.get, "/v1/dependents", headers: person.auth).status == .ok
            }
            XCTAssertTrue(recovered, "the node serves again once the server is back")
        }
    }

    /// A PostgreSQL server that takes no connection from the node (as a stopped one: every connection
    /// refused, those open dropped) makes a phone's post answer 503 with nothing stored, and `/readyz`
    /// 503 within the health monitor's second, over HTTP; once it takes the node again, both succeed.
    func testAServerThatTakesNoConnectionAnswersAPost503AndReadyz503UntilItIsBack() throws {
        try XCTSkipUnless(TestDatabase.isPostgreSQL, "PostgreSQL connections")
        let test = try TestApp()
        let person = try test.makeAccount(name: "Person")
        let name = try XCTUnwrap(PostgresConnection(url: test.app.configuration.databasePath).fetchOne("SELECT current_database()") as String?)
        let admin = try PostgresConnection(url: try XCTUnwrap(ProcessInfo.processInfo.environment["HOMEWARD_TEST_POSTGRES_URL"]))
        defer { try? admin.executeScript("ALTER DATABASE \(name) ALLOW_CONNECTIONS true") }
        test.app.health.start()
        defer { test.app.health.stop() }
        try test.withClient(.live) { http in
            func post(_ offset: Double) throws -> HTTPTestResponse {
                let sample = API.LocationSample(t: Double(test.clock.now().unixMilliseconds) / 1000 + offset, lat: 51.5, lon: -0.12, accuracy: 8)
                return try http.execute(.post, "/v1/locations", headers: person.auth, body: JSONBody.encode(API.LocationBatch(samples: [sample])))
            }
            XCTAssertEqual(try http.execute(.get, "/readyz").status, .ok)
            try admin.executeScript("ALTER DATABASE \(name) ALLOW_CONNECTIONS false")
            try admin.executeScript("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '\(name)'")
            let refused = try post(-10)
            XCTAssertEqual(refused.status, .serviceUnavailable, refused.text)
            XCTAssertTrue(refused.text.contains(#""code":"unavailable""#), refused.text)
            let notReady = try Deadline.firstValue { try http.execute(.get, "/readyz").status == .serviceUnavailable ? true : nil }
            XCTAssertEqual(notReady, true, "/readyz answers 503 while the server takes no connection")

            try admin.executeScript("ALTER DATABASE \(name) ALLOW_CONNECTIONS true")
            let ready = try Deadline.firstValue { try http.execute(.get, "/readyz").status == .ok ? true : nil }
            XCTAssertEqual(ready, true, "ready again once the server takes the node")
            let stored = try Deadline.firstValue { try post(-5).status == .ok ? true : nil }
            XCTAssertEqual(stored, true)
        }
        let fixes: Int64? = try test.app.database.read { db in
            try db.fetchOne("SELECT count(*) FROM locations WHERE account_key = ?", [person.key])
        }
        XCTAssertEqual(fixes, 1, "the refused post stored nothing; the one after stored its fix")
    }

    /// A PostgreSQL server that no longer takes the node's connections makes the node not ready
    /// (`/readyz` 503, so a balancer sends its requests elsewhere); once it takes them, ready again.
    func testReadinessFollowsAPostgreSQLServerThatStopsAndStartsTakingTheNode() throws {
        try XCTSkipUnless(TestDatabase.isPostgreSQL, "PostgreSQL connections")
        let test = try TestApp()
        let name = try XCTUnwrap(PostgresConnection(url: test.app.configuration.databasePath).fetchOne("SELECT current_database()") as String?)
        // The server's own database: a connection to the node's could not shut the node out.
        let admin = try PostgresConnection(url: try XCTUnwrap(ProcessInfo.processInfo.environment["HOMEWARD_TEST_POSTGRES_URL"]))
        XCTAssertTrue(HealthMonitor(database: test.app.database).isReady)
        try admin.executeScript("ALTER DATABASE \(name) ALLOW_CONNECTIONS false")
        try admin.executeScript("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '\(name)'")
        XCTAssertFalse(HealthMonitor(database: test.app.database).isReady, "a node whose database is gone is not ready")
        try admin.executeScript("ALTER DATABASE \(name) ALLOW_CONNECTIONS true")
        XCTAssertTrue(HealthMonitor(database: test.app.database).isReady, "ready again once the server takes the node")
    }
}
