import Foundation
import Homeward
import HomewardHTTP
import HomewardHTTPTesting
import HomewardStore
import XCTest

/// Zone and wandering alerts carry what decided them, and a guardian's "false alarm" tunes the
/// person's thresholds so the same near-exit no longer raises one.
final class FalseAlarmTests: XCTestCase {
    private static let home = (lat: 51.5007, lon: -0.1246)

    private func feed(_ test: TestApp, _ person: TestApp.Account, at time: Timestamp, north: Double) throws {
        let lat = Self.home.lat + north / 111_320
        let fix = ObservedFix(time: time, lat: lat, lon: Self.home.lon, accuracyMetres: 10)
        let events = try test.app.database.write { db in try test.app.zoneObserver.observe([fix], of: person.key, in: db) }
        for event in events { test.app.events.publish(event) }
    }

    /// Stands at home, walks out at 1.2 m/s to 92 m beyond the 100 m fence, stays for one more fix
    /// 10 s later, and walks back in: enough evidence for an exit under the default thresholds
    /// (not after one false alarm, which makes the exit wait longer near the line: see `FalseAlarmTuning`).
    private func excursion(_ test: TestApp, _ person: TestApp.Account, from time: inout Timestamp) throws {
        var north = 0.0
        func step(_ metres: Double) throws {
            north += metres
            time = time.adding(milliseconds: 10_000)
            try feed(test, person, at: time, north: north)
        }
        for _ in 0..<6 { try step(0) }
        for _ in 0..<16 { try step(12) }
        try step(0)
        for _ in 0..<16 { try step(-12) }
        for _ in 0..<6 { try step(0) }
    }

    private func alerts(_ test: TestApp, _ account: TestApp.Account) throws -> [AlertResource] {
        try test.withClient { client in
            let response = try client.execute(.get, "/v1/alerts", headers: account.auth)
            XCTAssertEqual(response.status.code, 200, response.text)
            struct Page: Decodable { let alerts: [AlertResource] }
            return try response.decode(Page.self).alerts
        }
    }

    func testALeftZoneAlertCarriesItsEvidenceAndAFalseAlarmRaisesTheBar() throws {
        let test = try TestApp()
        let guardian = try test.makeAccount(name: "Guardian")
        let person = try test.makeAccount(name: "Person")
        let stranger = try test.makeAccount(name: "Stranger")
        try test.link(guardian: guardian, dependent: person)
        try test.withClient { client in
            let zone = JSONBody.encode(API.ZoneRequest.circle("Home", lat: Self.home.lat, lon: Self.home.lon, radius: 100, home: true))
            XCTAssertEqual(try client.execute(.post, "/v1/accounts/\(person.id)/zones", headers: guardian.auth, body: zone).status.code, 201)
        }
        var time = test.clock.now()
        try excursion(test, person, from: &time)
        let first = try XCTUnwrap(try alerts(test, guardian).first { $0.type == .leftZone })
        let evidence = try XCTUnwrap(first.evidence)
        XCTAssertFalse(evidence.fixes.isEmpty)
        XCTAssertEqual(evidence.worstAccuracy, 10)
        XCTAssertGreaterThanOrEqual(evidence.secondsBeyond, 20)
        XCTAssertEqual(try XCTUnwrap(evidence.metresBeyond), 92, accuracy: 1)
        XCTAssertTrue(evidence.fixes.allSatisfy { $0.lat > Self.home.lat + 100 / 111_320 }, "every deciding fix is beyond the fence")
        XCTAssertNil(evidence.routine)

        try test.withClient { client in
            let path = "/v1/alerts/\(first.id)/false-alarm"
            XCTAssertEqual(try client.execute(.post, path, headers: stranger.auth).status.code, 404)
            let marked = try client.execute(.post, path, headers: guardian.auth)
            XCTAssertEqual(marked.status.code, 200, marked.text)
            XCTAssertNotNil(try marked.decode(AlertResource.self).falseAlarmAt)
            XCTAssertEqual(try client.execute(.post, path, headers: guardian.auth).status.code, 200, "marking again is harmless")
            let sos = try client.execute(.post, "/v1/alerts", headers: person.auth, body: JSONBody.encode(API.SOS(message: "help")))
            XCTAssertEqual(sos.status.code, 201, sos.text)
            let sosID = try sos.decode(AlertResource.self).id
            XCTAssertEqual(try client.execute(.post, "/v1/alerts/\(sosID)/false-alarm", headers: guardian.auth).status.code, 409)
        }
        let counted: Int64? = try test.app.database.read { db in
            try db.fetchOne("SELECT false_zone_exits FROM routine_settings WHERE account_key = ?", [person.key])
        }
        XCTAssertEqual(counted, 1, "counted once")

        try excursion(test, person, from: &time)
        XCTAssertEqual(try alerts(test, guardian).filter { $0.type == .leftZone }.count, 1, "the same near-exit no longer raises one")
    }

    func testTheSameExcursionTwiceRaisesTwoAlertsWithoutFeedback() throws {
        let test = try TestApp()
        let person = try test.makeAccount(name: "Person")
        try test.withClient { client in
            let zone = JSONBody.encode(API.ZoneRequest.circle("Home", lat: Self.home.lat, lon: Self.home.lon, radius: 100, home: true))
            XCTAssertEqual(try client.execute(.post, "/v1/accounts/\(person.id)/zones", headers: person.auth, body: zone).status.code, 201)
        }
        var time = test.clock.now()
        try excursion(test, person, from: &time)
        try excursion(test, person, from: &time)
        XCTAssertEqual(try alerts(test, person).filter { $0.type == .leftZone }.count, 2)
    }
}
