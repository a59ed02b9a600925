import Foundation
import Homeward
import HomewardHTTP
import HomewardHTTPTesting
import HomewardStore
import XCTest

/// The zones' `unaccompanied` rule over the real server: a person walks out of home (GPS noise on
/// every fix) while their guardians' phones post from elsewhere, from beside them, or long ago.
final class UnaccompaniedTests: XCTestCase {
    private let home = (lat: 51.5007, lon: -0.1246)

    /// A walk north out of a 100 m home zone and back, one fix every 10 s ending now: 5 minutes at
    /// home, 1.2 m/s out to about 430 m, 5 minutes there, and back home, each fix off by a few metres.
    private func walkOutAndBack(endingAt end: Timestamp, returning: Bool = true) -> [(t: Double, lat: Double, lon: Double)] {
        var generator = SeededNoise(seed: 7)
        var north = 0.0
        var legs = Array(repeating: 0.0, count: 30) + Array(repeating: 12.0, count: 36) + Array(repeating: 0, count: 30)
        if returning { legs += Array(repeating: -12.0, count: 36) + Array(repeating: 0, count: 20) }
        let start = Double(end.unixMilliseconds) / 1000 - Double(legs.count) * 10
        return legs.enumerated().map { index, step in
            north += step
            let jitterNorth = generator.next(within: 6), jitterEast = generator.next(within: 6)
            return (t: start + Double(index + 1) * 10, lat: home.lat + (north + jitterNorth) / 111_320,
                    lon: home.lon + jitterEast / (111_320 * cos(home.lat * .pi / 180)))
        }
    }

    private func post(_ fixes: [(t: Double, lat: Double, lon: Double)], as account: TestApp.Account, _ client: HTTPTestClient) throws {
        for batch in stride(from: 0, to: fixes.count, by: 3) {
            let samples = fixes[batch..<min(batch + 3, fixes.count)].map {
                API.LocationSample(t: $0.t, lat: $0.lat, lon: $0.lon, accuracy: 8)
            }
            let answer = try client.execute(
                .post, "/v1/locations", headers: account.auth, body: JSONBody.encode(API.LocationBatch(samples: samples)))
            XCTAssertEqual(answer.status.code, 200, answer.text)
        }
    }

    private func createHome(
        for person: TestApp.Account, by guardian: TestApp.Account, rule: ZoneCompanionRule?, _ client: HTTPTestClient
    ) throws {
        var body = API.ZoneRequest.circle("Home", lat: home.lat, lon: home.lon, radius: 100, home: true)
        body.unaccompanied = rule
        let created = try client.execute(.post, "/v1/accounts/\(person.id)/zones", headers: guardian.auth, body: JSONBody.encode(body))
        XCTAssertEqual(created.status.code, 201, created.text)
    }

    private func alerts(_ test: TestApp, of person: TestApp.Account, type: String) throws -> [(status: String, message: String)] {
        try test.app.database.read { db in
            try db.fetchAll(
                "SELECT status, message FROM alerts WHERE account_key = ? AND type = ? ORDER BY key", [person.key, type]
            ) { row in (status: try row.value(at: 0) as String, message: try row.value(at: 1) as String) }
        }
    }

    func testLeavingHomeWithTheGuardianFarAwayRaisesOneAlertThatTheReturnResolves() throws {
        let test = try TestApp()
        let guardian = try test.makeAccount(name: "Anna")
        let person = try test.makeAccount(name: "Person")
        try test.link(guardian: guardian, dependent: person)
        let walk = walkOutAndBack(endingAt: test.clock.now())
        try test.withClient(.inProcess) { client in
            try createHome(for: person, by: guardian, rule: ZoneCompanionRule(withinMetres: 200), client)
            // Anna is at work, 2.3 km east; her phone reported as the person set off.
            try post([(t: walk[32].t, lat: home.lat, lon: home.lon + 0.033)], as: guardian, client)
            try post(walk, as: person, client)
        }
        let raised = try alerts(test, of: person, type: "unaccompanied")
        XCTAssertEqual(raised.count, 1, "one alert for the one exit: \(raised)")
        XCTAssertEqual(raised.first?.status, "resolved", "coming home resolves it")
        XCTAssertEqual(raised.first?.message, "Left Home with no guardian within 200 m (nearest: Anna, 2.3 km away).")
        XCTAssertEqual(try alerts(test, of: person, type: "left_zone").count, 1)
    }

    func testAGuardianWalkingAlongKeepsItQuietButAnotherPersonsPhoneDoesNot() throws {
        let test = try TestApp()
        let guardian = try test.makeAccount(name: "Anna")
        let stranger = try test.makeAccount(name: "Stranger")
        let person = try test.makeAccount(name: "Person")
        let alone = try test.makeAccount(name: "Alone")
        try test.link(guardian: guardian, dependent: person)
        try test.link(guardian: guardian, dependent: alone)
        let walk = walkOutAndBack(endingAt: test.clock.now(), returning: false)
        // Anna walks 15 m behind the person; the stranger walks beside the second person.
        let beside = walk.map { (t: $0.t, lat: $0.lat - 15 / 111_320, lon: $0.lon) }
        try test.withClient(.inProcess) { client in
            try createHome(for: person, by: guardian, rule: ZoneCompanionRule(withinMetres: 150), client)
            try createHome(for: alone, by: guardian, rule: ZoneCompanionRule(withinMetres: 150), client)
            for chunk in stride(from: 0, to: walk.count, by: 6) {
                let range = chunk..<min(chunk + 6, walk.count)
                try post(Array(beside[range]), as: guardian, client)
                try post(Array(walk[range]), as: person, client)
            }
            try post(beside, as: stranger, client)
            try post(walk, as: alone, client)
        }
        XCTAssertEqual(try alerts(test, of: person, type: "left_zone").count, 1, "the exit itself is seen")
        XCTAssertEqual(try alerts(test, of: person, type: "unaccompanied").count, 0, "Anna was with them")
        XCTAssertEqual(try alerts(test, of: alone, type: "unaccompanied").count, 1, "a stranger's phone is nobody's guardian")
    }

    func testAStaleGuardianPositionDoesNotCountAndAGuardianComingNearResolvesIt() throws {
        let test = try TestApp()
        let guardian = try test.makeAccount(name: "Anna")
        let person = try test.makeAccount(name: "Person")
        try test.link(guardian: guardian, dependent: person)
        let walk = walkOutAndBack(endingAt: test.clock.now(), returning: false)
        try test.withClient(.inProcess) { client in
            try createHome(for: person, by: guardian, rule: ZoneCompanionRule(withinMetres: 200), client)
            // Anna's phone last reported from home 20 minutes before the walk: it says nothing now.
            try post([(t: walk[0].t - 1_200, lat: home.lat, lon: home.lon)], as: guardian, client)
            try post(walk, as: person, client)
            let raised = try alerts(test, of: person, type: "unaccompanied")
            XCTAssertEqual(raised.map(\.status), ["open"])
            XCTAssertEqual(
                raised.first?.message, "Left Home with no guardian within 200 m (no guardian's phone reported in the last 5 minutes).")
            try test.app.alertMonitor.runChecks()
            XCTAssertEqual(try alerts(test, of: person, type: "unaccompanied").map(\.status), ["open"], "nobody came")
            // Anna catches up: her phone reports 40 m from where the person stands.
            let last = try XCTUnwrap(walk.last)
            try post([(t: last.t, lat: last.lat + 40 / 111_320, lon: last.lon)], as: guardian, client)
        }
        try test.app.alertMonitor.runChecks()
        XCTAssertEqual(try alerts(test, of: person, type: "unaccompanied").map(\.status), ["resolved"])
    }

    func testTheRuleIsOffByDefaultAndItsDistanceIsChecked() throws {
        let test = try TestApp()
        let guardian = try test.makeAccount(name: "Anna")
        let person = try test.makeAccount(name: "Person")
        try test.link(guardian: guardian, dependent: person)
        let walk = walkOutAndBack(endingAt: test.clock.now(), returning: false)
        try test.withClient(.inProcess) { client in
            let typed = [5.0, 9000].map { metres in
                var zone = API.ZoneRequest.circle("Home", lat: 51.5, lon: -0.12, radius: 100)
                zone.unaccompanied = ZoneCompanionRule(withinMetres: metres)
                return (zone, "unaccompanied.withinMetres")
            }
            // Kept as text: a field the rule does not take, and the distance left out.
            let raw = [(#"{"withinMetres":200,"alone":true}"#, "unaccompanied.alone"), ("{}", "unaccompanied.withinMetres")].map { rule, field in
                (#"{"name":"Home","center":{"lat":51.5,"lon":-0.12},"radius":100,"unaccompanied":\#(rule)}"#, field)
            }
            for (body, field) in JSONBody.table(typed, raw) {
                let refused = try client.execute(.post, "/v1/accounts/\(person.id)/zones", headers: guardian.auth, body: Array(body.utf8))
                XCTAssertEqual(refused.status.code, 400, body)
                XCTAssertEqual(refused.errorField, field, "\(body): \(refused.text)")
            }
            try createHome(for: person, by: guardian, rule: nil, client)
            let listed = try client.execute(.get, "/v1/accounts/\(person.id)/zones", headers: guardian.auth)
            XCTAssertFalse(listed.text.contains("unaccompanied"), listed.text)
            try post(walk, as: person, client)
        }
        XCTAssertEqual(try alerts(test, of: person, type: "left_zone").count, 1)
        XCTAssertEqual(try alerts(test, of: person, type: "unaccompanied").count, 0)
    }

    func testTheRuleIsShownWithTheZoneAndDeletingTheZoneResolvesItsAlert() throws {
        let test = try TestApp()
        let guardian = try test.makeAccount(name: "Anna")
        let person = try test.makeAccount(name: "Person")
        try test.link(guardian: guardian, dependent: person)
        let walk = walkOutAndBack(endingAt: test.clock.now(), returning: false)
        try test.withClient { client in
            try createHome(for: person, by: guardian, rule: ZoneCompanionRule(withinMetres: 250), client)
            let listed = try client.execute(.get, "/v1/accounts/\(person.id)/zones", headers: guardian.auth)
            let zone = try XCTUnwrap(try listed.decode(API.ZoneList.self).zones.first)
            XCTAssertEqual(zone.unaccompanied?.withinMetres, 250)
            try post(walk, as: person, client)
            XCTAssertEqual(try alerts(test, of: person, type: "unaccompanied").map(\.status), ["open"])
            let deleted = try client.execute(.delete, "/v1/zones/\(zone.id)", headers: guardian.auth)
            XCTAssertEqual(deleted.status.code, 204)
        }
        XCTAssertEqual(try alerts(test, of: person, type: "unaccompanied").map(\.status), ["resolved"])
    }
}
