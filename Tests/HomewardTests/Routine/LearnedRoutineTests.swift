import Foundation
import Homeward
import HomewardHTTP
import HomewardHTTPTesting
import HomewardStore
import XCTest

/// The learned routine on the server: rebuilt from the person's stored history (a tracker that
/// never saw those fixes live knows the places), shown to guardians, named, marked not usual, and
/// switched off; nobody else sees it.
final class LearnedRoutineTests: XCTestCase {
    private static let home = (lat: 51.5007, lon: -0.1246)
    /// Work is 3 km east of home; the walk between them takes half an hour.
    private static let workEast = 3_000.0

    private struct Scene {
        let test: TestApp
        let guardian: TestApp.Account
        let person: TestApp.Account
        /// Midnight (UTC) of the first live day, after `historyDays` days of stored history.
        let today: Int64
    }

    private func position(north: Double, east: Double) -> (lat: Double, lon: Double) {
        (Self.home.lat + north / 111_320, Self.home.lon + east / (111_320 * cos(Self.home.lat * .pi / 180)))
    }

    /// A person with a 150 m home zone and `historyDays` workdays of stored fixes, one a minute: home
    /// until 08:00, walking to work, work until 17:00, walking home, home again.
    private func scene(historyDays: Int = 10, configure: (inout AppConfiguration) -> Void = { _ in }) throws -> Scene {
        let test = try TestApp(configure: configure)
        let guardian = try test.makeAccount(name: "Guardian")
        let person = try test.makeAccount(name: "Person")
        try test.link(guardian: guardian, dependent: person)
        try test.withClient { client in
            let zone = JSONBody.encode(API.ZoneRequest.circle("Home", lat: Self.home.lat, lon: Self.home.lon, radius: 150, home: true))
            XCTAssertEqual(try client.execute(.post, "/v1/accounts/\(person.id)/zones", headers: guardian.auth, body: zone).status.code, 201)
        }
        // `historyDays` days before the next midnight (UTC); workdays and weekend days alike, since
        // the routine keeps hours for both and the walk happens every day.
        let now = test.clock.now().unixMilliseconds
        let today = (now / 86_400_000 + 1) * 86_400_000
        // The clock stands at the live day's midnight, so every stored day lies wholly in the past
        // whatever the hour the test runs at.
        test.clock.set(to: Timestamp(unixMilliseconds: today))
        try test.app.database.write { db in
            for day in 0..<historyDays {
                let midnight = today - Int64(historyDays - day) * 86_400_000
                for minute in 0..<(24 * 60) {
                    let hour = Double(minute) / 60
                    let east: Double
                    switch hour {
                    case ..<8: east = 0
                    case ..<8.5: east = (hour - 8) / 0.5 * Self.workEast
                    case ..<17: east = Self.workEast
                    case ..<17.5: east = (1 - (hour - 17) / 0.5) * Self.workEast
                    default: east = 0
                    }
                    let jitter = Double((minute * 7_919) % 13) - 6
                    let p = position(north: jitter, east: east + jitter)
                    try db.execute(
                        "INSERT INTO locations (account_key, t_ms, sample_hash, lat_e7, lon_e7, accuracy_dm) VALUES (?, ?, 0, ?, ?, 100)",
                        person.key, midnight + Int64(minute) * 60_000, Int64((p.lat * 1e7).rounded()), Int64((p.lon * 1e7).rounded()))
                }
            }
        }
        return Scene(test: test, guardian: guardian, person: person, today: today)
    }

    /// Feeds fixes every 10 s from `from` to `to` hours of the live day at `east` metres (plus `north`).
    private func stay(_ scene: Scene, east: Double, north: Double = 0, from: Double, to: Double) throws {
        var fixes: [ObservedFix] = []
        var t = scene.today + Int64(from * 3_600_000)
        while t < scene.today + Int64(to * 3_600_000) {
            let p = position(north: north + Double(t / 10_000 % 7) - 3, east: east)
            fixes.append(ObservedFix(time: Timestamp(unixMilliseconds: t), lat: p.lat, lon: p.lon, accuracyMetres: 10))
            t += 10_000
        }
        for chunk in stride(from: 0, to: fixes.count, by: 30) {
            let batch = Array(fixes[chunk..<min(fixes.count, chunk + 30)])
            let events = try scene.test.app.database.write { db in
                try scene.test.app.zoneObserver.observe(batch, of: scene.person.key, in: db)
            }
            for event in events { scene.test.app.events.publish(event) }
        }
    }

    private func farFromHomeAlerts(_ scene: Scene) throws -> Int64 {
        try scene.test.app.database.read { db in
            try db.fetchOne("SELECT count(*) FROM alerts WHERE type = 'wandering' AND cause = ?", [AlertCause.farFromHome]) ?? 0
        }
    }

    private func places(_ scene: Scene, as account: TestApp.Account) throws -> PlaceList {
        try scene.test.withClient { client in
            let response = try client.execute(.get, "/v1/accounts/\(scene.person.id)/places", headers: account.auth)
            XCTAssertEqual(response.status.code, 200, response.text)
            return try response.decode(PlaceList.self)
        }
    }

    func testARoutineIsRebuiltFromStoredHistoryAndKnowsHomeAndWork() throws {
        let scene = try scene()
        XCTAssertEqual(scene.test.app.zoneObserver.trackedCount, 0, "nothing fed live yet")
        let list = try places(scene, as: scene.guardian)
        XCTAssertTrue(list.learning)
        XCTAssertEqual(list.learnedDays, 10)
        XCTAssertEqual(list.places.count, 2, "\(list.places)")
        let work = position(north: 0, east: Self.workEast)
        let nearest = { (lat: Double, lon: Double) in
            list.places.min { hypot($0.lat - lat, $0.lon - lon) < hypot($1.lat - lat, $1.lon - lon) }
        }
        XCTAssertEqual(nearest(work.lat, work.lon)?.workdayHours.contains(12), true)
        XCTAssertEqual(nearest(Self.home.lat, Self.home.lon)?.workdayHours.contains(3), true)
        XCTAssertNotEqual(nearest(work.lat, work.lon)?.id, nearest(Self.home.lat, Self.home.lon)?.id)
        for place in list.places { XCTAssertEqual(place.stayDays, 10) }
    }

    func testTheRebuiltRoutineExcusesAnOrdinaryDayButNotANightFarAway() throws {
        let scene = try scene()
        try stay(scene, east: 0, from: 6, to: 8)
        try stay(scene, east: Self.workEast, from: 8.5, to: 12)
        XCTAssertEqual(try farFromHomeAlerts(scene), 0, "work at its usual hours, learned from stored history only")
        try stay(scene, east: 0, from: 18, to: 23.9)
        let night = try self.scene()
        try stay(night, east: 0, from: 0, to: 2)
        try stay(night, east: 600, north: -4_000, from: 2.5, to: 3.5)
        XCTAssertEqual(try farFromHomeAlerts(night), 1, "4 km away at 3 a.m., where the person never was")
    }

    func testWithoutHistoryNothingIsLearned() throws {
        // History reading turned off: the stored days teach nothing.
        let scene = try scene { $0.routineHistoryDays = 0 }
        let list = try places(scene, as: scene.guardian)
        XCTAssertEqual(list.places, [])
        XCTAssertEqual(list.learnedDays, 0)
    }

    func testAPlaceMarkedNotUsualIsNoLongerExcused() throws {
        let scene = try scene()
        let work = position(north: 0, east: Self.workEast)
        let list = try places(scene, as: scene.guardian)
        let place = try XCTUnwrap(list.places.min { hypot($0.lat - work.lat, $0.lon - work.lon) < hypot($1.lat - work.lat, $1.lon - work.lon) })
        try scene.test.withClient { client in
            let path = "/v1/accounts/\(scene.person.id)/places/\(place.id)"
            let named = try client.execute(.patch, path, headers: scene.guardian.auth, body: JSONBody.encode(API.PlaceUpdate(name: "Old office", usual: false)))
            XCTAssertEqual(named.status.code, 200, named.text)
            let resource = try named.decode(PlaceResource.self)
            XCTAssertEqual(resource.name, "Old office")
            XCTAssertFalse(resource.usual)
            let tooLong = try client.execute(.patch, path, headers: scene.guardian.auth,
                                             body: Array(#"{"name":"\#(String(repeating: "x", count: 101))"}"#.utf8))
            XCTAssertEqual(tooLong.status.code, 400)
            XCTAssertTrue(tooLong.text.contains(#""field":"name""#), tooLong.text)
            let unknown = try client.execute(.patch, path, headers: scene.guardian.auth, body: Array(#"{"colour":"red"}"#.utf8))
            XCTAssertEqual(unknown.status.code, 400, unknown.text)
            let missing = try client.execute(.patch, "/v1/accounts/\(scene.person.id)/places/12345", headers: scene.guardian.auth,
                                             body: JSONBody.encode(API.PlaceUpdate(usual: false)))
            XCTAssertEqual(missing.status.code, 404)
            let cleared = try client.execute(.patch, path, headers: scene.guardian.auth, body: Array(#"{"name":null}"#.utf8))
            XCTAssertNil(try cleared.decode(PlaceResource.self).name)
            XCTAssertFalse(try cleared.decode(PlaceResource.self).usual, "usual kept when absent")
        }
        try stay(scene, east: 0, from: 6, to: 8)
        try stay(scene, east: Self.workEast, from: 8.5, to: 12)
        XCTAssertEqual(try farFromHomeAlerts(scene), 1, "work no longer excuses being 3 km from home")
    }

    func testLearningSwitchedOffForgetsTheRoutineAndOnRebuildsIt() throws {
        let scene = try scene()
        XCTAssertEqual(try places(scene, as: scene.guardian).places.count, 2)
        try scene.test.withClient { client in
            let path = "/v1/accounts/\(scene.person.id)/routine"
            let off = try client.execute(.patch, path, headers: scene.guardian.auth, body: JSONBody.encode(API.RoutineSetting(learning: false)))
            XCTAssertEqual(off.status.code, 200, off.text)
            XCTAssertEqual(try client.execute(.get, path, headers: scene.person.auth).text, #"{"learning":false}"#)
            let wrong = try client.execute(.patch, path, headers: scene.guardian.auth, body: Array(#"{"learning":"no"}"#.utf8))
            XCTAssertEqual(wrong.status.code, 400)
        }
        let off = try places(scene, as: scene.guardian)
        XCTAssertFalse(off.learning)
        XCTAssertEqual(off.places, [])
        try stay(scene, east: 0, from: 6, to: 8)
        try stay(scene, east: Self.workEast, from: 8.5, to: 12)
        XCTAssertEqual(try farFromHomeAlerts(scene), 0, "without a routine a day trip stays excused (conservative)")
        try scene.test.withClient { client in
            let on = try client.execute(.patch, "/v1/accounts/\(scene.person.id)/routine", headers: scene.guardian.auth,
                                        body: JSONBody.encode(API.RoutineSetting(learning: true)))
            XCTAssertEqual(on.status.code, 200)
        }
        XCTAssertEqual(try places(scene, as: scene.guardian).places.count, 2, "rebuilt from history")
    }

    func testStrangersAndFormerGuardiansGet404() throws {
        let scene = try scene(historyDays: 3)
        let stranger = try scene.test.makeAccount(name: "Stranger")
        let former = try scene.test.makeAccount(name: "Former")
        try scene.test.link(guardian: former, dependent: scene.person)
        let place = try XCTUnwrap(places(scene, as: former).places.first)
        try scene.test.app.database.write { db in try db.execute("DELETE FROM links WHERE guardian_key = ?", former.key) }
        try scene.test.withClient { client in
            for account in [stranger, former] {
                for (method, path, body) in [
                    (HTTPMethod.get, "/v1/accounts/\(scene.person.id)/places", []),
                    (.patch, "/v1/accounts/\(scene.person.id)/places/\(place.id)", JSONBody.encode(API.PlaceUpdate(name: "Mine"))),
                    (.get, "/v1/accounts/\(scene.person.id)/routine", []),
                    (.patch, "/v1/accounts/\(scene.person.id)/routine", JSONBody.encode(API.RoutineSetting(learning: false))),
                ] {
                    let response = try client.execute(method, path, headers: account.auth, body: body)
                    XCTAssertEqual(response.status.code, 404, "\(account.name) \(method) \(path)")
                }
            }
            XCTAssertEqual(try client.execute(.get, "/v1/accounts/\(scene.person.id)/places", headers: scene.person.auth).status.code, 200)
        }
        let settings = try scene.test.app.database.read { db in
            try RoutineStore().settings(of: scene.person.key, maxTuningSteps: 3, in: db)
        }
        XCTAssertTrue(settings.learning, "nothing the others sent changed it")
    }
    func testAnOfflineBacklogUploadedLateFeedsTheRoutineAlreadyBuilt() throws {
        let scene = try scene(historyDays: 7)
        XCTAssertEqual(try places(scene, as: scene.guardian).places.count, 2, "home and work, from the stored week")
        XCTAssertEqual(scene.test.app.zoneObserver.trackedCount, 1, "the routine is built and in memory")
        let gym = position(north: 1_500, east: 0)
        try scene.test.withClient { client in
            // A live fix first, so that the backlog is older than the person's latest.
            let now = Double(scene.test.clock.now().unixMilliseconds) / 1000
            let live = API.LocationBatch(samples: [API.LocationSample(t: now - 10, lat: Self.home.lat, lon: Self.home.lon, accuracy: 10)])
            XCTAssertEqual(try client.execute(.post, "/v1/locations", headers: scene.person.auth, body: JSONBody.encode(live)).status.code, 200)
            // Two evenings at the gym, from before the stored week, uploaded late: a fix every 30 s.
            for daysAgo in [9, 8] {
                let evening = Double(scene.today - Int64(daysAgo) * 86_400_000) / 1000 + 18 * 3_600
                let samples = stride(from: 0.0, to: 2 * 3_600, by: 30).map { offset in
                    API.LocationSample(t: evening + offset, lat: gym.lat, lon: gym.lon, accuracy: 10)
                }
                let response = try client.execute(
                    .post, "/v1/locations", headers: scene.person.auth, body: JSONBody.encode(API.LocationBatch(samples: samples)))
                XCTAssertEqual(response.status.code, 200, response.text)
            }
        }
        let list = try places(scene, as: scene.guardian)
        XCTAssertGreaterThanOrEqual(list.learnedDays, 9, "the two late days count")
        XCTAssertEqual(list.places.count, 3, "\(list.places)")
        let learnedGym = list.places.first { hypot($0.lat - gym.lat, $0.lon - gym.lon) < 0.003 }
        XCTAssertEqual(learnedGym?.stayDays, 2)
        XCTAssertEqual(learnedGym?.workdayHours.contains(19) ?? false || learnedGym?.weekendHours.contains(19) ?? false, true)
    }
}
