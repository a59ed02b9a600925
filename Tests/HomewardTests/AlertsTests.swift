import Foundation
import Homeward
import HomewardHTTP
import HomewardHTTPTesting
import HomewardStore
import XCTest

/// SOS, listing, acknowledgement and the silent check, end to end.
final class AlertsTests: XCTestCase {
    func testSOSIsOpenListedForGuardiansAndAcknowledgementIsShared() throws {
        let test = try TestApp()
        let person = try test.makeAccount(name: "Person")
        let first = try test.makeAccount(name: "First")
        let second = try test.makeAccount(name: "Second")
        let stranger = try test.makeAccount(name: "Stranger")
        try test.link(guardian: first, dependent: person)
        try test.link(guardian: second, dependent: person)
        try test.withClient { client in
            let raised = try client.execute(.post, "/v1/alerts", headers: person.auth,
                                            body: JSONBody.encode(API.SOS(message: "help", location: .init(lat: 51.5, lon: -0.12))))
            XCTAssertEqual(raised.status.code, 201, raised.text)
            let alert = try raised.decode(AlertResource.self)
            XCTAssertEqual(alert.status, .open)
            XCTAssertEqual(alert.type, .sos)
            let bad = try client.execute(.post, "/v1/alerts", headers: person.auth, body: Array(#"{"type":"danger"}"#.utf8))
            XCTAssertEqual(bad.status.code, 400)
            XCTAssertEqual(try client.execute(.post, "/v1/alerts/\(alert.id)/acknowledge", headers: stranger.auth).status.code, 404)
            XCTAssertEqual(try client.execute(.post, "/v1/alerts/\(alert.id)/acknowledge", headers: person.auth).status.code, 403)
            let acknowledged = try client.execute(.post, "/v1/alerts/\(alert.id)/acknowledge", headers: first.auth)
            XCTAssertEqual(acknowledged.status.code, 200, acknowledged.text)
            let seen = try client.execute(.get, "/v1/alerts?status=active", headers: second.auth).decode(API.AlertList.self)
            XCTAssertEqual(seen.alerts.map(\.id), [alert.id])
            XCTAssertEqual(seen.alerts.first?.acknowledgedBy?.name, "First")
            XCTAssertEqual(try client.execute(.get, "/v1/alerts", headers: stranger.auth).decode(API.AlertList.self).alerts.count, 0)
            try test.app.database.write { db in try db.execute("DELETE FROM links WHERE guardian_key = ?", second.key) }
            XCTAssertEqual(try client.execute(.get, "/v1/alerts", headers: second.auth).decode(API.AlertList.self).alerts.count, 0)
            XCTAssertEqual(try client.execute(.post, "/v1/alerts/\(alert.id)/acknowledge", headers: second.auth).status.code, 404)
            XCTAssertEqual(try client.execute(.get, "/v1/alerts", headers: ["Connection": "close"]).status.code, 401)
        }
    }

    func testAlertListIsPaginatedNewestFirst() throws {
        let test = try TestApp()
        let person = try test.makeAccount()
        try test.withClient { client in
            for _ in 0..<5 {
                test.clock.advance(bySeconds: 1)
                XCTAssertEqual(try client.execute(.post, "/v1/alerts", headers: person.auth, body: JSONBody.encode(API.SOS())).status.code, 201)
            }
            let first = try client.execute(.get, "/v1/alerts?limit=3", headers: person.auth).decode(API.AlertList.self)
            XCTAssertEqual(first.alerts.count, 3)
            let cursor = try XCTUnwrap(first.nextCursor)
            let second = try client.execute(.get, "/v1/alerts?limit=3&cursor=\(cursor)", headers: person.auth).decode(API.AlertList.self)
            XCTAssertEqual(second.alerts.count, 2)
            XCTAssertNil(second.nextCursor)
            XCTAssertTrue(Set(first.alerts.map(\.id)).isDisjoint(with: second.alerts.map(\.id)))
            XCTAssertGreaterThan(first.alerts[0].createdAt, second.alerts[0].createdAt)
        }
    }

    func testSilentIsRaisedOnceForAMonitoredPersonAndResolvedByAFix() throws {
        let test = try TestApp { $0.silentAfterSeconds = 600 }
        let person = try test.makeAccount()
        try test.withClient { client in
            let home = JSONBody.encode(API.ZoneRequest.circle("Home", lat: 51.5, lon: -0.12, radius: 100, home: true))
            XCTAssertEqual(try client.execute(.post, "/v1/accounts/\(person.id)/zones", headers: person.auth, body: home).status.code, 201)
        }
        try test.app.alertMonitor.runChecks()
        test.clock.advance(bySeconds: 601)
        try test.app.alertMonitor.runChecks()
        test.clock.advance(bySeconds: 601)
        try test.app.alertMonitor.runChecks()
        XCTAssertEqual(try count(test, "SELECT count(*) FROM alerts WHERE type = 'silent' AND status = 'open'"), 1)
        let fix = ObservedFix(time: test.clock.now(), lat: 51.5, lon: -0.12, accuracyMetres: 10)
        _ = try test.app.database.write { db in try test.app.zoneObserver.observe([fix], of: person.key, in: db) }
        XCTAssertEqual(try count(test, "SELECT count(*) FROM alerts WHERE type = 'silent' AND status = 'resolved'"), 1)
    }

    func testSilentWatchesATravellerWithoutAHomeZoneWhileTheTripIsActive() throws {
        let test = try TestApp { $0.silentAfterSeconds = 600 }
        let traveller = try test.makeAccount()
        try test.withClient { client in
            _ = try test.startTrip(client, for: traveller)
        }
        try test.app.alertMonitor.runChecks()
        test.clock.advance(bySeconds: 601)
        try test.app.alertMonitor.runChecks()
        XCTAssertEqual(try count(test, "SELECT count(*) FROM alerts WHERE type = 'silent' AND status = 'open'"), 1)
    }

    func testExpectedArrivalMissedFiresFromTheClockWithoutSamples() throws {
        let test = try TestApp()
        let person = try test.makeAccount()
        let now = test.clock.now()
        let seconds = (now.unixMilliseconds / 1000) % 86_400
        let deadline = (seconds + 120) % 86_400
        let arriveBy = String(format: "%02d:%02d", deadline / 3600, (deadline % 3600) / 60)
        try test.withClient { client in
            var zone = API.ZoneRequest.circle("Home", lat: 51.5, lon: -0.12, radius: 100)
            zone.expected = ZoneArrivalRule(arriveBy: arriveBy)
            XCTAssertEqual(try client.execute(.post, "/v1/accounts/\(person.id)/zones", headers: person.auth, body: JSONBody.encode(zone)).status.code, 201)
        }
        try test.app.alertMonitor.runChecks()
        test.clock.advance(bySeconds: 240)
        try test.app.alertMonitor.runChecks()
        test.clock.advance(bySeconds: 240)
        try test.app.alertMonitor.runChecks()
        XCTAssertEqual(try count(test, "SELECT count(*) FROM alerts WHERE type = 'expected_missed'"), 1)
    }

    private func count(_ test: TestApp, _ sql: String) throws -> Int64 {
        try test.app.database.read { db in try db.fetchOne(sql) ?? 0 }
    }
}
