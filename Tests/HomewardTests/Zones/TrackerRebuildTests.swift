import Foundation
@testable import Homeward
import HomewardHTTP
import HomewardHTTPTesting
import XCTest

/// A person's tracker built again from the database (after it was evicted from memory, or on a node
/// that did not see their last fixes) takes up where the fixes left off: an exit that began before
/// the rebuild is still raised, once, and a person already judged outside raises nothing twice.
final class TrackerRebuildTests: XCTestCase {
    private static let home = (lat: 51.5007, lon: -0.1246)

    /// Someone walking out of a 100 m home zone, one fix every 10 s, posted through the API.
    private final class Walk {
        let person: TestApp.Account
        let clock: ManualClock
        private(set) var north = 0.0

        init(person: TestApp.Account, clock: ManualClock) {
            self.person = person
            self.clock = clock
        }

        /// Posts `count` fixes through `client`, each `metres` further north than the one before.
        func steps(_ count: Int, of metres: Double, through client: HTTPTestClient) throws {
            for _ in 0..<count {
                north += metres
                clock.advance(bySeconds: 10)
                let sample = API.LocationSample(
                    t: Double(clock.now().unixMilliseconds) / 1000, lat: home.lat + north / 111_320, lon: home.lon, accuracy: 8)
                let response = try client.execute(
                    .post, "/v1/locations", headers: person.auth, body: JSONBody.encode(API.LocationBatch(samples: [sample])))
                XCTAssertEqual(response.status.code, 200, response.text)
            }
        }
    }

    private func makeHome(_ test: TestApp, for person: TestApp.Account, by guardian: TestApp.Account) throws {
        try test.withClient { client in
            let zone = JSONBody.encode(API.ZoneRequest.circle("Home", lat: Self.home.lat, lon: Self.home.lon, radius: 100, home: true))
            XCTAssertEqual(try client.execute(.post, "/v1/accounts/\(person.id)/zones", headers: guardian.auth, body: zone).status.code, 201)
        }
    }

    private func leftZoneAlerts(of person: TestApp.Account, in test: TestApp, status: String? = nil) throws -> Int64 {
        try test.app.database.read { db in
            try db.fetchOne(
                "SELECT count(*) FROM alerts WHERE account_key = ? AND type = 'left_zone' AND status = coalesce(?, status)",
                [person.key, status]) ?? 0
        }
    }

    /// A server that keeps one tracker in memory, a person with a home zone and their walk, and
    /// someone else whose one fix takes the person's tracker place (`evict`).
    private struct EvictionScene {
        let test: TestApp
        let person: TestApp.Account
        let walk: Walk
        let evict: (HTTPTestClient) throws -> Void
    }

    private func evictionScene() throws -> EvictionScene {
        let test = try TestApp { $0.maxTrackedPeople = 1 }
        let guardian = try test.makeAccount(name: "Guardian")
        let person = try test.makeAccount(name: "Person")
        let other = Walk(person: try test.makeAccount(name: "Other"), clock: test.clock)
        try test.link(guardian: guardian, dependent: person)
        try makeHome(test, for: person, by: guardian)
        return EvictionScene(test: test, person: person, walk: Walk(person: person, clock: test.clock)) { client in
            try other.steps(1, of: 0, through: client)
        }
    }

    func testAnExitBegunBeforeTheTrackerWasEvictedIsStillRaised() throws {
        let scene = try evictionScene()
        let (test, person, walk) = (scene.test, scene.person, scene.walk)
        try test.withClient { client in
            try walk.steps(30, of: 0, through: client)
            try walk.steps(10, of: 12, through: client)
            XCTAssertEqual(try leftZoneAlerts(of: person, in: test), 0, "20 m beyond the line for two fixes: not yet an exit")
            try scene.evict(client)
            try walk.steps(27, of: 12, through: client)
            try walk.steps(20, of: 0, through: client)
        }
        XCTAssertEqual(try leftZoneAlerts(of: person, in: test), 1, "the rebuilt tracker recalled the fixes inside and saw the exit")
    }

    func testATrackerRebuiltWhileOutsideRaisesNoSecondExitAndTheReturnResolvesIt() throws {
        let scene = try evictionScene()
        let (test, person, walk) = (scene.test, scene.person, scene.walk)
        try test.withClient { client in
            try walk.steps(30, of: 0, through: client)
            try walk.steps(35, of: 12, through: client)
            try walk.steps(20, of: 0, through: client)
            XCTAssertEqual(try leftZoneAlerts(of: person, in: test, status: "open"), 1)
            try scene.evict(client)
            try walk.steps(20, of: 0, through: client)
            XCTAssertEqual(try leftZoneAlerts(of: person, in: test), 1, "still outside after the rebuild: nothing new")
            try walk.steps(35, of: -12, through: client)
            try walk.steps(30, of: 0, through: client)
        }
        XCTAssertEqual(try leftZoneAlerts(of: person, in: test), 1)
        XCTAssertEqual(try leftZoneAlerts(of: person, in: test, status: "resolved"), 1, "the walk home resolved it")
    }

    func testAPersonWhosePhoneMovesBetweenNodesGetsEachExitOnceAndNoFalseOne() throws {
        try XCTSkipUnless(TestDatabase.isPostgreSQL, "several nodes share a PostgreSQL database")
        let nodeA = try TestApp()
        let guardian = try nodeA.makeAccount(name: "Guardian")
        let person = try nodeA.makeAccount(name: "Person")
        try nodeA.link(guardian: guardian, dependent: person)
        try makeHome(nodeA, for: person, by: guardian)
        let nodeB = try nodeA.makeOtherNode()
        defer { try? nodeB.close() }
        let walk = Walk(person: person, clock: nodeA.clock)
        try HTTPTestClient.withServer(nodeB.makeRouter(), mode: .inProcess, configuration: .testing) { clientB in
            try nodeA.withClient { clientA in
                // B has judged the person at home before; then A takes their fixes.
                try walk.steps(30, of: 0, through: clientB)
                try walk.steps(30, of: 0, through: clientA)
                // They start out on A; the load balancer moves them to B before the exit is certain.
                try walk.steps(10, of: 12, through: clientA)
                XCTAssertEqual(try leftZoneAlerts(of: person, in: nodeA), 0, "not yet an exit")
                try walk.steps(27, of: 12, through: clientB)
                try walk.steps(20, of: 0, through: clientB)
                XCTAssertEqual(try leftZoneAlerts(of: person, in: nodeA, status: "open"), 1, "B saw the exit A began")
                // Outside on A again, whose tracker last saw them near the line: no second exit.
                try walk.steps(20, of: 0, through: clientA)
                XCTAssertEqual(try leftZoneAlerts(of: person, in: nodeA), 1, "A, rebuilt, knows they are out")
                // Home on B, whose tracker believes them outside, then on A.
                try walk.steps(37, of: -12, through: clientB)
                try walk.steps(30, of: 0, through: clientB)
                try walk.steps(30, of: 0, through: clientA)
            }
        }
        XCTAssertEqual(try leftZoneAlerts(of: person, in: nodeA), 1, "one exit, one alert")
        XCTAssertEqual(try leftZoneAlerts(of: person, in: nodeA, status: "resolved"), 1, "the return resolved it")
    }

    func testAHomeZoneDrawnThroughAnotherNodeIsJudgedByTheNodeThatTakesThePersonsFixes() throws {
        try XCTSkipUnless(TestDatabase.isPostgreSQL, "several nodes share a PostgreSQL database")
        let nodeA = try TestApp()
        let guardian = try nodeA.makeAccount(name: "Guardian")
        let person = try nodeA.makeAccount(name: "Person")
        try nodeA.link(guardian: guardian, dependent: person)
        let nodeB = try nodeA.makeListeningOtherNode()
        defer { try? nodeB.close() }
        let walk = Walk(person: person, clock: nodeA.clock)
        try nodeA.withClient { clientA in
            // A judges the person's fixes (the balancer keeps their phone there) before any zone exists.
            try walk.steps(10, of: 0, through: clientA)
            XCTAssertTrue(nodeA.app.zoneObserver.isTracking(person.key))
            // The guardian, on node B, draws the home zone round where the person is.
            try HTTPTestClient.withServer(nodeB.makeRouter(), mode: .inProcess, configuration: .testing) { clientB in
                let zone = JSONBody.encode(API.ZoneRequest.circle("Home", lat: Self.home.lat, lon: Self.home.lon, radius: 100, home: true))
                XCTAssertEqual(try clientB.execute(.post, "/v1/accounts/\(person.id)/zones", headers: guardian.auth, body: zone).status.code, 201)
            }
            XCTAssertTrue(Deadline.waitUntil { !nodeA.app.zoneObserver.isTracking(person.key) }, "node A heard of the new zone")
            try walk.steps(30, of: 0, through: clientA)
            try walk.steps(20, of: 12, through: clientA)
        }
        XCTAssertEqual(try leftZoneAlerts(of: person, in: nodeA), 1, "the walk out of the zone drawn on B is raised on A")
    }
}
