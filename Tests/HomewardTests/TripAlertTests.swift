import HomewardHTTP
import HomewardHTTPTesting
import Synchronization
import XCTest
@testable import Homeward

final class TripAlertTests: XCTestCase {
    /// A fix on the walk home's route (longitude 0), `north` degrees of latitude past its origin.
    private func fix(_ test: TestApp, north: Double, east: Double = 0) -> ObservedFix {
        ObservedFix(time: test.clock.now(), lat: 51.48 + north, lon: east, accuracyMetres: 5)
    }

    private func progress(_ test: TestApp, _ client: HTTPTestClient, _ trip: TripResource, _ traveller: TestApp.Account) throws -> TripResource.Progress? {
        try client.execute(.get, "/v1/trips/\(trip.id)", headers: traveller.auth).decode(TripResource.self).progress
    }

    func testLeavingTheRouteRaisesOffRouteOnceAndComingBackResolvesIt() throws {
        let test = try TestApp()
        let traveller = try test.makeAccount()
        try test.withClient { client in
            let trip = try test.startTrip(client, for: traveller)
            for north in [0.001, 0.002] {
                try test.observe([fix(test, north: north)], of: traveller)
                test.clock.advance(bySeconds: 20)
            }
            for north in [0.0025, 0.003, 0.0035, 0.004] {
                try test.observe([fix(test, north: north, east: 0.003)], of: traveller)
                test.clock.advance(bySeconds: 20)
            }
            XCTAssertEqual(try test.alerts(of: traveller).map(\.type), ["off_route"])
            XCTAssertEqual(try test.alerts(of: traveller).first?.cause, "trip:\(trip.id):off_route")
            let off = try XCTUnwrap(try progress(test, client, trip, traveller))
            XCTAssertTrue(off.offRoute)
            XCTAssertEqual(off.lastLocation?.lon, 0.003)

            for north in [0.005, 0.006] {
                try test.observe([fix(test, north: north)], of: traveller)
                test.clock.advance(bySeconds: 20)
            }
            XCTAssertEqual(try test.alerts(of: traveller).map(\.status), ["resolved"])
            let back = try XCTUnwrap(try progress(test, client, trip, traveller))
            XCTAssertFalse(back.offRoute)
            XCTAssertEqual(back.distanceRemaining, 0.004 * 111_200, accuracy: 20)
            XCTAssertEqual(back.eta, try XCTUnwrap(back.lastLocation).t.adding(milliseconds: Int64((back.etaSeconds * 1000).rounded())))
        }
    }

    func testOffRouteStateSurvivesLosingTheTrackerAsAfterARestart() throws {
        let test = try TestApp()
        let traveller = try test.makeAccount()
        try test.withClient { client in
            let trip = try test.startTrip(client, for: traveller)
            try test.observe([fix(test, north: 0.001)], of: traveller)
            test.clock.advance(bySeconds: 20)
            for north in [0.002, 0.0025, 0.003] {
                try test.observe([fix(test, north: north, east: 0.003)], of: traveller)
                test.clock.advance(bySeconds: 20)
            }
            XCTAssertEqual(try test.alerts(of: traveller).map(\.status), ["open"])
            let key: Int64 = try XCTUnwrap(try test.app.database.read { db in
                try db.fetchOne("SELECT key FROM trips WHERE id = ?", [trip.id])
            })
            let saved: String? = try test.app.database.read { db in
                try db.fetchOne("SELECT tracker_state FROM trips WHERE key = ?", [key])
            }
            XCTAssertNotNil(saved, "an off-route trip keeps its tracker in its row")
            test.app.trips.monitor.trackers.forget(key)
            for north in [0.004, 0.005] {
                try test.observe([fix(test, north: north)], of: traveller)
                test.clock.advance(bySeconds: 20)
            }
            XCTAssertEqual(try test.alerts(of: traveller).map(\.status), ["resolved"])
        }
    }

    func testStandingStillWhileMovingRaisesStalledOnceAndProgressResolvesIt() throws {
        let test = try TestApp { StalledRule.after.set(300, in: &$0) }
        let traveller = try test.makeAccount()
        try test.withClient { client in
            _ = try test.startTrip(client, for: traveller)
            for _ in 0..<9 {
                try test.observe([fix(test, north: 0.001)], of: traveller)
                test.clock.advance(bySeconds: 60)
            }
            try test.app.trips.monitor.sweep()
            XCTAssertEqual(try test.alerts(of: traveller).map(\.type), ["stalled"])
            XCTAssertEqual(try test.alerts(of: traveller).map(\.status), ["open"])
            try test.observe([fix(test, north: 0.003)], of: traveller)
            XCTAssertEqual(try test.alerts(of: traveller).map(\.status), ["resolved"])
        }
    }

    func testTheTimerRaisesStalledWithoutAnySampleButNotDuringAStopover() throws {
        let test = try TestApp { StalledRule.after.set(300, in: &$0) }
        let traveller = try test.makeAccount()
        let driver = try test.makeAccount()
        try test.withClient { client in
            _ = try test.startTrip(client, for: traveller)
            let ride = try test.startTrip(client, for: driver)
            let stop = try client.execute(
                .post, "/v1/trips/\(ride.id)/events", headers: driver.auth, body: JSONBody.encode(API.TripEvent(type: "stopover")))
            XCTAssertEqual(stop.status, .created)
            test.clock.advance(bySeconds: 299)
            try test.app.trips.monitor.sweep()
            XCTAssertEqual(try test.alerts(of: traveller).count, 0)
            test.clock.advance(bySeconds: 1)
            try test.app.trips.monitor.sweep()
            try test.app.trips.monitor.sweep()
            XCTAssertEqual(try test.alerts(of: traveller).map(\.type), ["stalled"])
            XCTAssertEqual(try test.alerts(of: driver).count, 0, "a stopover is not a stall")

            _ = try client.execute(
                .post, "/v1/trips/\(ride.id)/events", headers: driver.auth, body: JSONBody.encode(API.TripEvent(type: "resume")))
            test.clock.advance(bySeconds: 299)
            try test.app.trips.monitor.sweep()
            XCTAssertEqual(try test.alerts(of: driver).count, 0, "resuming starts the stall clock again")
        }
    }

    func testOverdueFiresOnceAfterTheETAAtStartPlusTheMargin() throws {
        let test = try TestApp { OverdueRule.margin.set(600, in: &$0) }
        let traveller = try test.makeAccount()
        try test.withClient { client in
            let trip = try test.startTrip(client, for: traveller)
            let eta = try XCTUnwrap(trip.progress?.eta)
            test.clock.set(to: eta.adding(milliseconds: 600_000 - 1000))
            try test.app.trips.monitor.sweep()
            XCTAssertEqual(try test.alerts(of: traveller).filter { $0.type == "overdue" }.count, 0)
            test.clock.advance(bySeconds: 1)
            try test.app.trips.monitor.sweep()
            try test.app.trips.monitor.sweep()
            let overdue = try test.alerts(of: traveller).filter { $0.type == "overdue" }
            XCTAssertEqual(overdue.map(\.status), ["open"])
            XCTAssertEqual(overdue.first?.cause, "trip:\(trip.id):overdue")
        }
    }

    func testTripChangesAndTheirAlertsArePublishedAfterCommit() throws {
        let test = try TestApp()
        let traveller = try test.makeAccount()
        let seen = Mutex<[AppEvent.Kind]>([])
        test.app.events.subscribe { event in seen.withLock { $0.append(event.kind) } }
        try test.withClient { client in
            let trip = try test.startTrip(client, for: traveller)
            try test.observe([fix(test, north: 0.001)], of: traveller)
            _ = try client.execute(.post, "/v1/trips/\(trip.id)/events", headers: traveller.auth, body: JSONBody.encode(API.TripEvent(type: "stopover")))
            _ = try client.execute(.post, "/v1/trips/\(trip.id)/arrive", headers: traveller.auth)
        }
        XCTAssertEqual(seen.withLock { $0 }, [.trip, .trip, .trip, .alert, .trip])
    }

    func testUnreliableFixesAndTravellersWithoutATripAreIgnored() throws {
        let test = try TestApp()
        let traveller = try test.makeAccount()
        let idle = try test.makeAccount()
        try test.withClient { client in
            let trip = try test.startTrip(client, for: traveller)
            var unreliable = fix(test, north: 0.005)
            unreliable.isReliable = false
            try test.observe([unreliable], of: traveller)
            XCTAssertNil(try progress(test, client, trip, traveller)?.lastLocation)
            try test.observe([fix(test, north: 0.001)], of: idle)
            XCTAssertEqual(try test.alerts(of: idle).count, 0)
        }
    }
}
