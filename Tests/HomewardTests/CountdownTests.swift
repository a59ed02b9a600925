import Foundation
import Homeward
import HomewardHTTP
import HomewardHTTPTesting
import HomewardStore
import Logging
import XCTest

/// Countdowns: cancel in time, fire on the server, survive a restart.
final class CountdownTests: XCTestCase {
    func testCancelledCountdownNeverFiresAndCannotBeCancelledTwice() throws {
        let test = try TestApp()
        let person = try test.makeAccount()
        let guardian = try test.makeAccount(name: "Guardian")
        try test.link(guardian: guardian, dependent: person)
        try test.app.startBackgroundWork()
        try test.withClient { client in
            let started = try client.execute(.post, "/v1/alerts/countdown", headers: person.auth, body: JSONBody.encode(API.CountdownRequest(seconds: 30)))
            XCTAssertEqual(started.status.code, 201, started.text)
            let countdown = try started.decode(AlertResource.self)
            XCTAssertEqual(countdown.status, .pending)
            XCTAssertEqual(countdown.firesAt, test.clock.now().adding(milliseconds: 30_000))
            XCTAssertEqual(try client.execute(.post, "/v1/alerts/\(countdown.id)/cancel", headers: guardian.auth).status.code, 403)
            XCTAssertEqual(countdown.headline, "Check running: Test Person")
            let cancelled = try client.execute(.post, "/v1/alerts/\(countdown.id)/cancel", headers: person.auth)
            XCTAssertEqual(try cancelled.decode(AlertResource.self).status, .cancelled)
            XCTAssertEqual(try cancelled.decode(AlertResource.self).headline, "Check cancelled by Test Person: all is well")
            XCTAssertEqual(try client.execute(.post, "/v1/alerts/\(countdown.id)/cancel", headers: person.auth).status.code, 409)
            test.clock.advance(bySeconds: 31)
            test.app.countdowns.fireDue()
            let after = try client.execute(.get, "/v1/alerts", headers: person.auth).decode(API.AlertList.self)
            XCTAssertEqual(after.alerts.map(\.status), [.cancelled])
            for seconds in [4, 301] {
                let refused = try client.execute(.post, "/v1/alerts/countdown", headers: person.auth, body: JSONBody.encode(API.CountdownRequest(seconds: seconds)))
                XCTAssertEqual(refused.status.code, 400)
            }
        }
    }

    func testCountdownFiresAsDangerAtItsTime() throws {
        let test = try TestApp()
        let person = try test.makeAccount()
        try test.app.startBackgroundWork()
        let countdown = try test.app.alertService.startCountdown(CountdownRequest(seconds: 15), by: caller(person))
        test.clock.advance(bySeconds: 14)
        test.app.countdowns.fireDue()
        XCTAssertEqual(try status(test, countdown.id), "pending")
        test.clock.advance(bySeconds: 1)
        test.app.countdowns.fireDue()
        XCTAssertEqual(try status(test, countdown.id), "open")
        XCTAssertEqual(try late(test, countdown.id), 0)
        XCTAssertThrowsError(try test.app.alertService.cancel(countdown.id, by: caller(person)))
    }

    func testRealShortCountdownFiresWithinASecondWithoutPolling() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("homeward-countdown-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        var configuration = AppConfiguration()
        configuration.databasePath = directory.appendingPathComponent("db.sqlite").path
        configuration.countdownMinSeconds = 1
        configuration.passwordHashIterations = 1
        configuration.passwordHashMemoryBytes = 8192
        let app = try HomewardApp(configuration: configuration, logger: .init(label: "test", factory: { _ in SwiftLogNoOpLogHandler() }))
        defer { try? app.close() }
        let id = try seedAccount(in: app)
        try app.startBackgroundWork()
        let countdown = try app.alertService.startCountdown(CountdownRequest(seconds: 1), by: id)
        let fired = try Deadline.firstValue {
            try app.database.read { db in
                try db.fetchOne("SELECT key FROM alerts WHERE id = ? AND status = 'open'", [countdown.id]).map { (key: Int64) in
                    try app.alerts.alert(key: key, in: db)
                }
            }
        }
        let firedAt: Int64 = try app.database.read { db in try db.fetchOne("SELECT fired_at_ms FROM alerts WHERE id = ?", [countdown.id]) ?? 0 }
        XCTAssertNotNil(fired, "the timer fired the countdown without a request")
        XCTAssertGreaterThanOrEqual(firedAt, countdown.firesAt?.unixMilliseconds ?? .max, "never before its time")
    }

    func testPendingCountdownSurvivesARestartAndFiresLate() throws {
        let test = try TestApp()
        let person = try test.makeAccount()
        let countdown = try test.app.alertService.startCountdown(CountdownRequest(seconds: 20), by: caller(person))
        let path = test.app.configuration.databasePath
        try test.app.close()
        test.clock.advance(bySeconds: 60)
        var configuration = test.app.configuration
        configuration.databasePath = path
        let restarted = try HomewardApp(
            configuration: configuration, clock: test.clock,
            logger: .init(label: "test", factory: { _ in SwiftLogNoOpLogHandler() }))
        defer { try? restarted.close() }
        try restarted.startBackgroundWork()
        restarted.countdowns.fireDue()
        let row: (String, Int64) = try XCTUnwrap(restarted.database.read { db in
            try db.fetchOne("SELECT status, fired_late FROM alerts WHERE id = ?", [countdown.id]) { row in
                (try row.value(at: 0) as String, try row.value(at: 1) as Int64)
            }
        })
        XCTAssertEqual(row.0, "open")
        XCTAssertEqual(row.1, 1)
    }

    private func caller(_ account: TestApp.Account) -> Caller {
        Caller(accountKey: account.key, accountID: account.id, sessionID: nil)
    }

    private func status(_ test: TestApp, _ id: String) throws -> String? {
        try test.app.database.read { db in try db.fetchOne("SELECT status FROM alerts WHERE id = ?", [id]) }
    }

    private func late(_ test: TestApp, _ id: String) throws -> Int64? {
        try test.app.database.read { db in try db.fetchOne("SELECT fired_late FROM alerts WHERE id = ?", [id]) }
    }

    private func seedAccount(in app: HomewardApp) throws -> Caller {
        let id = SecureRandom.identifier()
        let hash = try app.passwordHasher.hash("Correct-Horse-9")
        let key: Int64 = try app.database.write { db in
            try XCTUnwrap(try db.fetchOne(
                "INSERT INTO accounts (id, phone, name, password_hash, created_at_ms, updated_at_ms) VALUES (?, '+447000099999', 'Real', ?, 0, 0) RETURNING key",
                [id, hash]))
        }
        return Caller(accountKey: key, accountID: id, sessionID: nil)
    }
}
