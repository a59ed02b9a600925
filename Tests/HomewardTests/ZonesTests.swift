import Foundation
import Homeward
import HomewardHTTP
import HomewardHTTPTesting
import HomewardStore
import XCTest

/// Safe zone endpoints end to end, and the zone observer fed the way ingest feeds it.
final class ZonesTests: XCTestCase {
    private static let home = (lat: 51.5007, lon: -0.1246)

    private func circle(radius: Double = 100, home: Bool = false, _ adjust: (inout API.ZoneRequest) -> Void = { _ in }) -> [UInt8] {
        var zone = API.ZoneRequest.circle("Home", lat: Self.home.lat, lon: Self.home.lon, radius: radius, home: home)
        adjust(&zone)
        return JSONBody.encode(zone)
    }

    private func polygon(_ name: String, _ vertices: [(lat: Double, lon: Double)]) -> [UInt8] {
        JSONBody.encode(API.ZoneRequest(name: name, polygon: vertices.map { ZonePoint(lat: $0.lat, lon: $0.lon) }))
    }

    func testGuardianCreatesListsAndDeletesADependentsZone() throws {
        let test = try TestApp()
        let guardian = try test.makeAccount(name: "Guardian")
        let dependent = try test.makeAccount(name: "Dependent")
        try test.link(guardian: guardian, dependent: dependent)
        try test.withClient { client in
            let expectedHome = circle(home: true) {
                $0.expected = ZoneArrivalRule(arriveBy: "22:00")
                $0.timeZone = "Europe/London"
            }
            let created = try client.execute(.post, "/v1/accounts/\(dependent.id)/zones", headers: guardian.auth, body: expectedHome)
            XCTAssertEqual(created.status.code, 201, created.text)
            let zone = try created.decode(ZoneResource.self)
            XCTAssertEqual(zone.radius, 100)
            XCTAssertTrue(zone.home)
            XCTAssertEqual(zone.expected?.arriveBy, "22:00")
            let own = try client.execute(.get, "/v1/accounts/\(dependent.id)/zones", headers: dependent.auth)
            XCTAssertEqual(own.status.code, 200)
            XCTAssertEqual(try own.decode(API.ZoneList.self).zones.map(\.id), [zone.id])
            let deleted = try client.execute(.delete, "/v1/zones/\(zone.id)", headers: guardian.auth)
            XCTAssertEqual(deleted.status.code, 204)
            let after = try client.execute(.get, "/v1/accounts/\(dependent.id)/zones", headers: guardian.auth)
            XCTAssertEqual(after.text, #"{"zones":[]}"#)
        }
    }

    func testGuardianChangesAZoneInPlaceKeepingItsIdAndOnlyTheirOwn() throws {
        let test = try TestApp()
        let guardian = try test.makeAccount(name: "Guardian")
        let dependent = try test.makeAccount(name: "Dependent")
        let stranger = try test.makeAccount(name: "Stranger")
        try test.link(guardian: guardian, dependent: dependent)
        try test.withClient { client in
            let created = try client.execute(.post, "/v1/accounts/\(dependent.id)/zones", headers: guardian.auth, body: circle(home: true))
            let zone = try created.decode(ZoneResource.self)
            let moved = JSONBody.encode(API.ZoneRequest.circle("Home, moved", lat: 51.501, lon: -0.125, radius: 250, home: true))
            let changed = try client.execute(.put, "/v1/zones/\(zone.id)", headers: guardian.auth, body: moved)
            XCTAssertEqual(changed.status.code, 200, changed.text)
            let listed = try client.execute(.get, "/v1/accounts/\(dependent.id)/zones", headers: dependent.auth).decode(API.ZoneList.self).zones
            XCTAssertEqual(listed.map(\.id), [zone.id])
            XCTAssertEqual(listed.first?.radius, 250)
            XCTAssertEqual(listed.first?.name, "Home, moved")
            XCTAssertEqual(listed.first?.createdAt, zone.createdAt)
            XCTAssertEqual(try client.execute(.put, "/v1/zones/\(zone.id)", headers: stranger.auth, body: moved).status.code, 404)
            XCTAssertEqual(try client.execute(.put, "/v1/zones/\(zone.id)", headers: guardian.auth, body: circle(radius: 1)).status.code, 400)
        }
    }

    func testZoneRulesAreValidated() throws {
        let test = try TestApp()
        let person = try test.makeAccount()
        try test.withClient { client in
            let path = "/v1/accounts/\(person.id)/zones"
            let tooSmall = try client.execute(.post, path, headers: person.auth, body: circle(radius: 5))
            XCTAssertEqual(tooSmall.status.code, 400)
            XCTAssertTrue(tooSmall.text.contains(#""field":"radius""#), tooSmall.text)
            let bowTie = polygon("X", [(51.5, -0.12), (51.501, -0.119), (51.5, -0.119), (51.501, -0.12)])
            let crossing = try client.execute(.post, path, headers: person.auth, body: bowTie)
            XCTAssertEqual(crossing.status.code, 400)
            XCTAssertTrue(crossing.text.contains("cross itself"), crossing.text)
            let square = polygon("Park", [(51.5, -0.12), (51.501, -0.12), (51.501, -0.119), (51.5, -0.119)])
            XCTAssertEqual(try client.execute(.post, path, headers: person.auth, body: square).status.code, 201)
            let huge = polygon("City", [(51.5, -0.12), (51.6, -0.12), (51.6, -0.0)])
            XCTAssertEqual(try client.execute(.post, path, headers: person.auth, body: huge).status.code, 400)
            let badZone = try client.execute(.post, path, headers: person.auth, body: circle { $0.timeZone = "Mars/Olympus" })
            XCTAssertEqual(badZone.status.code, 400)
            let badSchedule = try client.execute(.post, path, headers: person.auth,
                                                 body: circle { $0.schedule = [ZoneScheduleWindow(days: ["mon"], start: "25:00", end: "15:00")] })
            XCTAssertTrue(badSchedule.text.contains("schedule[0].start"), badSchedule.text)
            XCTAssertEqual(try client.execute(.post, path, headers: person.auth, body: circle(home: true)).status.code, 201)
            let secondHome = try client.execute(.post, path, headers: person.auth, body: circle(home: true))
            XCTAssertEqual(secondHome.status.code, 409)
        }
    }

    func testStrangersExGuardiansAndDeadTokensSeeNoZones() throws {
        let test = try TestApp()
        let guardian = try test.makeAccount(name: "Guardian")
        let dependent = try test.makeAccount(name: "Dependent")
        let stranger = try test.makeAccount(name: "Stranger")
        let revoked = try test.makeAccount(name: "Revoked")
        try test.link(guardian: guardian, dependent: dependent)
        try test.link(guardian: revoked, dependent: dependent)
        try test.withClient { client in
            let path = "/v1/accounts/\(dependent.id)/zones"
            let zone = try client.execute(.post, path, headers: dependent.auth, body: circle()).decode(ZoneResource.self)
            for method in [HTTPMethod.get, .post] {
                let answer = try client.execute(method, path, headers: stranger.auth, body: method == .post ? circle() : [])
                XCTAssertEqual(answer.status.code, 404, "stranger \(method)")
            }
            XCTAssertEqual(try client.execute(.delete, "/v1/zones/\(zone.id)", headers: stranger.auth).status.code, 404)
            XCTAssertEqual(try client.execute(.get, path, headers: ["Connection": "close"]).status.code, 401)
            try test.app.database.write { db in
                try db.execute("DELETE FROM links WHERE guardian_key = ?", guardian.key)
                try db.execute("DELETE FROM sessions WHERE account_key = ?", revoked.key)
            }
            XCTAssertEqual(try client.execute(.get, path, headers: guardian.auth).status.code, 404, "ex-guardian")
            XCTAssertEqual(try client.execute(.delete, "/v1/zones/\(zone.id)", headers: guardian.auth).status.code, 404)
            XCTAssertEqual(try client.execute(.get, path, headers: revoked.auth).status.code, 401, "revoked token")
            test.clock.advance(bySeconds: Int64(test.app.configuration.sessionLifetimeSeconds) + 1)
            XCTAssertEqual(try client.execute(.get, path, headers: dependent.auth).status.code, 401, "expired token")
        }
    }

    func testJitterBesideFenceForHoursRaisesNoLeftZone() throws {
        let test = try TestApp()
        let person = try test.makeAccount()
        try test.withClient { client in
            _ = try client.execute(.post, "/v1/accounts/\(person.id)/zones", headers: person.auth, body: circle())
        }
        var random = SplitMix(seed: 7)
        let start = test.clock.now()
        for step in 0..<(3 * 360) {
            let north = 92 + random.uniform(-18, 18), east = random.uniform(-18, 18)
            try feed(test, person, at: start.adding(milliseconds: Int64(step) * 10_000), north: north, east: east, accuracy: 15)
        }
        XCTAssertEqual(try count(test, "SELECT count(*) FROM alerts WHERE type = 'left_zone'"), 0)
        XCTAssertEqual(test.app.statusBoard.status(of: person.key)?.zone, "Home")
    }

    func testWalkOutAndBackRaisesOneLeftZoneResolvedOnce() throws {
        let test = try TestApp()
        let guardian = try test.makeAccount(name: "Guardian")
        let person = try test.makeAccount()
        try test.link(guardian: guardian, dependent: person)
        try test.withClient { client in
            _ = try client.execute(.post, "/v1/accounts/\(person.id)/zones", headers: guardian.auth, body: circle())
        }
        var time = test.clock.now()
        var north = 0.0
        func step(_ metres: Double) throws {
            north += metres
            time = time.adding(milliseconds: 10_000)
            try feed(test, person, at: time, north: north, east: 0, accuracy: 8)
        }
        for _ in 0..<30 { try step(0) }
        for _ in 0..<35 { try step(12) }
        for _ in 0..<60 { try step(0) }
        for _ in 0..<35 { try step(-12) }
        for _ in 0..<30 { try step(0) }
        XCTAssertEqual(try count(test, "SELECT count(*) FROM alerts WHERE type = 'left_zone'"), 1)
        XCTAssertEqual(try count(test, "SELECT count(*) FROM alerts WHERE type = 'left_zone' AND status = 'resolved'"), 1)
        XCTAssertEqual(try count(test, "SELECT count(*) FROM alerts WHERE type = 'wandering'"), 0)
        XCTAssertEqual(test.app.statusBoard.status(of: person.key)?.zone, "Home")
    }

    func testWalkingFarFromHomeRaisesOneWanderingAlertResolvedOnTheWayBack() throws {
        // Judged at once, as if the routine were learned, at night (by day a trip off the routine is
        // no alarm by itself): the fixes start at 23:00 UTC, the zone's time zone, the day before.
        let test = try TestApp { $0.routineMinimumDays = 0 }
        let guardian = try test.makeAccount(name: "Guardian")
        let person = try test.makeAccount()
        try test.link(guardian: guardian, dependent: person)
        try test.withClient { client in
            _ = try client.execute(.post, "/v1/accounts/\(person.id)/zones", headers: guardian.auth, body: circle(home: true))
        }
        var random = SplitMix(seed: 11)
        let day: Int64 = 86_400_000
        var time = Timestamp(unixMilliseconds: test.clock.now().unixMilliseconds / day * day - 3_600_000)
        var north = 0.0
        func step(_ metres: Double) throws {
            north += metres
            time = time.adding(milliseconds: 10_000)
            try feed(test, person, at: time, north: north + random.uniform(-6, 6), east: random.uniform(-6, 6), accuracy: 10)
        }
        for _ in 0..<30 { try step(0) }
        for _ in 0..<100 { try step(12) }
        for _ in 0..<30 { try step(0) }
        XCTAssertEqual(try count(test, "SELECT count(*) FROM alerts WHERE type = 'wandering' AND status = 'open'"), 1)
        XCTAssertEqual(test.app.statusBoard.status(of: person.key)?.wandering?.pattern, "far_from_home")
        for _ in 0..<100 { try step(-12) }
        for _ in 0..<30 { try step(0) }
        XCTAssertEqual(try count(test, "SELECT count(*) FROM alerts WHERE type = 'wandering'"), 1, "one alert for one cause")
        XCTAssertEqual(try count(test, "SELECT count(*) FROM alerts WHERE type = 'wandering' AND status = 'resolved'"), 1)
        XCTAssertNil(test.app.statusBoard.status(of: person.key)?.wandering)
    }

    func testLowBatteryIsRaisedOncePerDischarge() throws {
        let test = try TestApp()
        let person = try test.makeAccount()
        var time = test.clock.now()
        for battery in [40.0, 14, 12, 10, 9, 20, 30, 12, 8] {
            time = time.adding(milliseconds: 60_000)
            try feed(test, person, at: time, north: 0, east: 0, accuracy: 10, battery: battery)
        }
        XCTAssertEqual(try count(test, "SELECT count(*) FROM alerts WHERE type = 'low_battery'"), 2)
        XCTAssertEqual(try count(test, "SELECT count(*) FROM alerts WHERE type = 'low_battery' AND status = 'resolved'"), 1)
    }

    private func feed(
        _ test: TestApp, _ person: TestApp.Account, at time: Timestamp, north: Double, east: Double, accuracy: Double,
        battery: Double? = nil
    ) throws {
        let lat = Self.home.lat + north / 111_320
        let lon = Self.home.lon + east / (111_320 * cos(Self.home.lat * .pi / 180))
        let fix = ObservedFix(time: time, lat: lat, lon: lon, accuracyMetres: accuracy, batteryPercent: battery)
        let events = try test.app.database.write { db in try test.app.zoneObserver.observe([fix], of: person.key, in: db) }
        for event in events { test.app.events.publish(event) }
    }

    private func count(_ test: TestApp, _ sql: String) throws -> Int64 {
        try test.app.database.read { db in try db.fetchOne(sql) ?? 0 }
    }
}

/// A seeded generator, so synthetic tracks are the same on every run.
struct SplitMix {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    mutating func uniform(_ low: Double, _ high: Double) -> Double {
        low + (high - low) * Double(next() >> 11) / Double(1 << 53)
    }
}
