import Foundation
@testable import Homeward
import HomewardHTTP
import HomewardHTTPTesting
import XCTest

/// Ingest's jump flag lets go of a wrong anchor: a first fix 700 km off (a cached position) or one
/// implausible step gives way once three fixes agree with one another over 20 s; the lone anchor is
/// flagged after the fact, the latest position and the zones follow, and an exit made meanwhile is
/// raised. A lone wild fix inside a stay is still flagged alone.
final class JumpReanchoringTests: XCTestCase {
    private static let melbourneHome = (lat: -37.8136, lon: 144.9631)
    private static let sydney = (lat: -33.8688, lon: 151.2093)

    /// A person with a 100 m home zone in Melbourne, their guardian, and a clock.
    private struct Scene {
        let test: TestApp
        let person: TestApp.Account
        let guardian: TestApp.Account

        /// A fix `north` metres north of home, `seconds` after the scene's start.
        func sample(north: Double, at seconds: Double, lat: Double = melbourneHome.lat, lon: Double = melbourneHome.lon) -> API.LocationSample {
            API.LocationSample(t: start + seconds, lat: lat + north / 111_320, lon: lon, accuracy: 8)
        }

        let start: Double

        func post(_ samples: [API.LocationSample], through client: HTTPTestClient) throws {
            let response = try client.execute(
                .post, "/v1/locations", headers: person.auth, body: JSONBody.encode(API.LocationBatch(samples: samples)))
            XCTAssertEqual(response.status.code, 200, response.text)
        }

        func latest(through client: HTTPTestClient) throws -> API.Location? {
            try client.execute(.get, "/v1/accounts/\(person.id)/location", headers: guardian.auth)
                .decode(API.Person.self).location.value
        }

        func history(through client: HTTPTestClient) throws -> [API.Location] {
            try client.execute(
                .get, "/v1/accounts/\(person.id)/locations?from=1970-01-01T00:00:00Z&includeFlagged=true&limit=1000",
                headers: guardian.auth).decode(API.HistoryPage.self).locations
        }

        func leftZoneAlerts() throws -> Int64 {
            try test.app.database.read { db in
                try db.fetchOne("SELECT count(*) FROM alerts WHERE account_key = ? AND type = 'left_zone'", [person.key]) ?? 0
            }
        }
    }

    private func scene(_ configure: (inout AppConfiguration) -> Void = { _ in }) throws -> Scene {
        let test = try TestApp(configure: configure)
        let guardian = try test.makeAccount(name: "Guardian")
        let person = try test.makeAccount(name: "Person")
        try test.link(guardian: guardian, dependent: person)
        try test.withClient { client in
            let zone = JSONBody.encode(API.ZoneRequest.circle(
                "Home", lat: Self.melbourneHome.lat, lon: Self.melbourneHome.lon, radius: 100, home: true))
            XCTAssertEqual(try client.execute(.post, "/v1/accounts/\(person.id)/zones", headers: guardian.auth, body: zone).status.code, 201)
        }
        return Scene(test: test, person: person, guardian: guardian, start: Double(test.clock.now().unixMilliseconds) / 1000)
    }

    /// Ten minutes in Melbourne, one fix every 10 s: two minutes at home, then walking north at
    /// 1.2 m/s out of the 100 m zone to some 580 m.
    private func melbourneWalk(_ scene: Scene, from first: Double = 10) -> [API.LocationSample] {
        (0..<60).map { index in
            let seconds = first + Double(index) * 10
            let walked = max(0, Double(index - 12)) * 12
            return scene.sample(north: walked, at: seconds)
        }
    }

    func testAFirstFixFarAwayGivesWayToAgreeingFixesAndTheExitIsRaised() throws {
        let scene = try scene()
        try scene.test.withClient { client in
            try scene.post([scene.sample(north: 0, at: 0, lat: Self.sydney.lat, lon: Self.sydney.lon)], through: client)
            let walk = melbourneWalk(scene)
            for (index, fix) in walk.enumerated() {
                scene.test.clock.advance(bySeconds: 10)
                try scene.post([fix], through: client)
                if index == 2 {
                    let latest = try XCTUnwrap(try scene.latest(through: client))
                    XCTAssertEqual(latest.lat, fix.lat, accuracy: 1e-6, "three agreeing fixes over 20 s: the latest position is Melbourne")
                }
            }
            let history = try scene.history(through: client)
            XCTAssertEqual(history.count, 61)
            XCTAssertEqual(history.first?.flags, ["jump"], "the lone wrong anchor is flagged after the fact")
            XCTAssertEqual(history.dropFirst().filter { !($0.flags ?? []).isEmpty }.count, 0, "every Melbourne fix is reliable")
        }
        XCTAssertEqual(try scene.leftZoneAlerts(), 1, "the walk out of home raised its exit")
    }

    func testAFirstFixFarAwayFollowedByAnOfflineBufferGivesWayToo() throws {
        let scene = try scene()
        try scene.test.withClient { client in
            scene.test.clock.advance(bySeconds: 700)
            try scene.post([scene.sample(north: 0, at: 0, lat: Self.sydney.lat, lon: Self.sydney.lon)] + melbourneWalk(scene), through: client)
            let latest = try XCTUnwrap(try scene.latest(through: client))
            XCTAssertEqual(latest.lat, melbourneWalk(scene).last!.lat, accuracy: 1e-6)
            let history = try scene.history(through: client)
            XCTAssertEqual(history.filter { $0.flags == ["jump"] }.count, 1)
            XCTAssertEqual(history.first?.flags, ["jump"])
        }
        XCTAssertEqual(try scene.leftZoneAlerts(), 1)
    }

    func testALoneWildFixInsideAStayIsFlaggedAlone() throws {
        let scene = try scene()
        try scene.test.withClient { client in
            for index in 0..<40 {
                scene.test.clock.advance(bySeconds: 10)
                let wild = index == 20
                try scene.post([scene.sample(north: wild ? 5_000 : Double(index % 3), at: Double(index) * 10)], through: client)
            }
            let history = try scene.history(through: client)
            XCTAssertEqual(history.count, 40)
            XCTAssertEqual(history.enumerated().filter { !($0.element.flags ?? []).isEmpty }.map(\.offset), [20])
            let latest = try XCTUnwrap(try scene.latest(through: client))
            XCTAssertLessThan(abs(latest.lat - Self.melbourneHome.lat) * 111_320, 10)
        }
        XCTAssertEqual(try scene.leftZoneAlerts(), 0)
    }

    func testOneImplausibleStepIsFollowedOnceTheNewPlaceAgreesAndTheWalkBeforeItStays() throws {
        let scene = try scene()
        try scene.test.withClient { client in
            // Two minutes at home, then a fix 3 km north 10 s later (300 m/s: implausible), and the
            // phone stays there: the fixes at home were right too, only the step was not seen.
            for index in 0..<12 {
                scene.test.clock.advance(bySeconds: 10)
                try scene.post([scene.sample(north: 0, at: Double(index) * 10)], through: client)
            }
            for index in 12..<36 {
                scene.test.clock.advance(bySeconds: 10)
                try scene.post([scene.sample(north: 3_000 + Double(index % 2), at: Double(index) * 10)], through: client)
            }
            let history = try scene.history(through: client)
            XCTAssertEqual(history.filter { !($0.flags ?? []).isEmpty }.count, 0, "the stay at home outnumbers the newcomers; both stand")
            let latest = try XCTUnwrap(try scene.latest(through: client))
            XCTAssertGreaterThan((latest.lat - Self.melbourneHome.lat) * 111_320, 2_900)
        }
        XCTAssertEqual(try scene.leftZoneAlerts(), 1, "3 km from home is outside it")
    }

    func testATrackerRebuiltAfterTheReanchoringRecallsTheTruth() throws {
        let scene = try scene { $0.maxTrackedPeople = 1 }
        let other = try scene.test.makeAccount(name: "Other")
        try scene.test.withClient { client in
            try scene.post([scene.sample(north: 0, at: 0, lat: Self.sydney.lat, lon: Self.sydney.lon)], through: client)
            for (index, fix) in melbourneWalk(scene).enumerated() {
                scene.test.clock.advance(bySeconds: 10)
                try scene.post([fix], through: client)
                if index == 14 {
                    // Someone else's fix takes the only tracker place: the person's is built again
                    // from the stored fixes, which no longer trust Sydney.
                    let sample = API.LocationSample(t: fix.t, lat: 51.5, lon: -0.12, accuracy: 8)
                    XCTAssertEqual(try client.execute(
                        .post, "/v1/locations", headers: other.auth, body: JSONBody.encode(API.LocationBatch(samples: [sample]))).status.code, 200)
                }
            }
        }
        XCTAssertEqual(try scene.leftZoneAlerts(), 1)
    }
}
