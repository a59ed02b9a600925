import HomewardHTTP
import HomewardHTTPTesting
import XCTest
@testable import Homeward

final class TripLifecycleTests: XCTestCase {
    func testCreatingATripAnswersWithAnAccessCodeAndProgressFromTheOrigin() throws {
        let test = try TestApp()
        let traveller = try test.makeAccount(name: "Ada")
        try test.withClient { client in
            let trip = try test.startTrip(client, for: traveller)
            XCTAssertEqual(trip.status, .active)
            XCTAssertEqual(trip.phase, .moving)
            XCTAssertEqual(trip.mode, .walking)
            XCTAssertEqual(trip.account.id, traveller.id)
            XCTAssertEqual(trip.accessCode?.count, TripConfiguration.accessCodeDigitCount)
            XCTAssertEqual(trip.route?.count, 2)
            let progress = try XCTUnwrap(trip.progress)
            XCTAssertEqual(progress.distanceRemaining, 1112, accuracy: 5)
            XCTAssertEqual(progress.etaSeconds, progress.distanceRemaining / 1.3, accuracy: 1)
            XCTAssertNil(progress.lastLocation)

            let shown = try client.execute(.get, "/v1/trips/\(trip.id)", headers: traveller.auth)
            XCTAssertEqual(shown.status, .ok)
            let again = try shown.decode(TripResource.self)
            XCTAssertEqual(again.accessCode, trip.accessCode, "the traveller sees the access code again while the trip lasts")
            XCTAssertEqual(again.progress, trip.progress)
            XCTAssertEqual(again.events, [])
        }
    }

    func testATripWithoutOriginOrRouteHasNoProgressUntilAFixAndStillArrives() throws {
        let test = try TestApp()
        let traveller = try test.makeAccount()
        try test.withClient { client in
            let trip = try test.startTrip(client, for: traveller, body: API.TripRequest(
                destination: TripPlace(lat: 48.85, lon: 2.35), mode: .driving, passengers: 2))
            XCTAssertNil(trip.progress)
            XCTAssertEqual(trip.passengers, 2)
            let arrived = try client.execute(.post, "/v1/trips/\(trip.id)/arrive", headers: traveller.auth)
            XCTAssertEqual(arrived.status, .ok, arrived.text)
            let ended = try arrived.decode(TripResource.self)
            XCTAssertEqual(ended.status, .arrived)
            XCTAssertNotNil(ended.endedAt)
        }
    }

    func testAnEncodedPolylineRouteIsAccepted() throws {
        let test = try TestApp()
        let traveller = try test.makeAccount()
        try test.withClient(.inProcess) { client in
            let trip = try test.startTrip(client, for: traveller, body: API.TripRequest(
                destination: TripPlace(lat: 43.252, lon: -126.453), mode: .cycling,
                route: .polyline("_p~iF~ps|U_ulLnnqC_mqNvxq`@")))
            XCTAssertEqual(trip.route?.count, 3)
            XCTAssertEqual(trip.route?.first?.lat ?? 0, 38.5, accuracy: 1e-9)
        }
    }

    func testInvalidTripsAreRefusedNamingTheField() throws {
        let test = try TestApp()
        let traveller = try test.makeAccount()
        let cases: [(JSONValue, String)] = [
            (["destination": ["lat": 91, "lon": 0], "mode": "walking"], "destination.lat"),
            (["destination": ["lat": 1, "lon": 0], "mode": "flying"], "mode"),
            (["destination": ["lat": 1, "lon": 0], "mode": "walking", "route": "@@@\u{7f}"], "route"),
            (["destination": ["lat": 1, "lon": 0], "mode": "walking", "passengers": -1], "passengers"),
            (["destination": ["lat": 1, "lon": 0], "mode": "walking", "expectedArrival": 1000], "expectedArrival"),
            (["mode": "walking"], "destination"),
        ]
        try test.withClient(.inProcess) { client in
            for (body, field) in cases {
                let response = try client.execute(.post, "/v1/trips", headers: traveller.auth, body: JSONBody.encode(body))
                XCTAssertEqual(response.status, .badRequest, "\(body)")
                XCTAssertTrue(response.text.contains("\"field\":\"\(field)\""), "\(field): \(response.text)")
            }
        }
    }

    func testASecondActiveTripIsAConflict() throws {
        let test = try TestApp()
        let traveller = try test.makeAccount()
        try test.withClient(.inProcess) { client in
            _ = try test.startTrip(client, for: traveller)
            let second = try client.execute(.post, "/v1/trips", headers: traveller.auth, body: JSONBody.encode(API.TripRequest.walkHome))
            XCTAssertEqual(second.status, .conflict)
            XCTAssertEqual(second.errorCode, "conflict")
        }
    }

    func testArriveRaisesArrivedForWatchersAndResolvesTheTripsOpenAlerts() throws {
        let test = try TestApp { StalledRule.after.set(24 * 3600, in: &$0) }
        let traveller = try test.makeAccount()
        try test.withClient { client in
            let trip = try test.startTrip(client, for: traveller, body: API.TripRequest.walkHome.arriving(at: test.clock.now().adding(milliseconds: 60_000)))
            test.clock.advance(bySeconds: 60 + Int64(OverdueRule.margin.value(in: test.app.configuration)))
            try test.app.trips.monitor.sweep()
            XCTAssertEqual(try test.alerts(of: traveller).map(\.type), ["overdue"])

            let arrived = try client.execute(.post, "/v1/trips/\(trip.id)/arrive", headers: traveller.auth)
            XCTAssertEqual(arrived.status, .ok)
            XCTAssertEqual(try arrived.decode(TripResource.self).status, .arrived)
            let alerts = try test.alerts(of: traveller)
            XCTAssertEqual(alerts.map(\.type), ["overdue", "arrived"])
            XCTAssertEqual(alerts.map(\.status), ["resolved", "open"])
            XCTAssertEqual(alerts.last?.cause, "trip:\(trip.id):arrived")

            let twice = try client.execute(.post, "/v1/trips/\(trip.id)/arrive", headers: traveller.auth)
            XCTAssertEqual(twice.status, .conflict)
            let after = try test.startTrip(client, for: traveller)
            XCTAssertNotEqual(after.id, trip.id, "an arrived trip frees the traveller to start another")
        }
    }

    func testDeleteRemovesTheTripAndResolvesItsAlerts() throws {
        let test = try TestApp { StalledRule.after.set(24 * 3600, in: &$0) }
        let traveller = try test.makeAccount()
        let guardian = try test.makeAccount()
        try test.link(guardian: guardian, dependent: traveller)
        try test.withClient { client in
            let trip = try test.startTrip(client, for: traveller, body: API.TripRequest.walkHome.arriving(at: test.clock.now().adding(milliseconds: 1000)))
            test.clock.advance(bySeconds: 1 + Int64(OverdueRule.margin.value(in: test.app.configuration)))
            try test.app.trips.monitor.sweep()

            let byGuardian = try client.execute(.delete, "/v1/trips/\(trip.id)", headers: guardian.auth)
            XCTAssertEqual(byGuardian.status, .notFound, "only the traveller deletes a trip")
            let deleted = try client.execute(.delete, "/v1/trips/\(trip.id)", headers: traveller.auth)
            XCTAssertEqual(deleted.status, .noContent)
            XCTAssertEqual(try test.alerts(of: traveller).map(\.status), ["resolved"])
            let gone = try client.execute(.get, "/v1/trips/\(trip.id)", headers: traveller.auth)
            XCTAssertEqual(gone.status, .notFound)
        }
    }

    func testListingShowsOwnAndDependentsTripsByStatusWithPages() throws {
        let test = try TestApp()
        let guardian = try test.makeAccount()
        let dependent = try test.makeAccount()
        let stranger = try test.makeAccount()
        try test.link(guardian: guardian, dependent: dependent)
        try test.withClient { client in
            let first = try test.startTrip(client, for: dependent)
            _ = try client.execute(.post, "/v1/trips/\(first.id)/arrive", headers: dependent.auth)
            test.clock.advance(bySeconds: 1)
            let second = try test.startTrip(client, for: dependent)
            test.clock.advance(bySeconds: 1)
            let own = try test.startTrip(client, for: guardian)
            _ = try test.startTrip(client, for: stranger)

            let all = try client.execute(.get, "/v1/trips", headers: guardian.auth).decode(TripList.self)
            XCTAssertEqual(all.trips.map(\.id), [own.id, second.id, first.id])
            XCTAssertNil(all.nextCursor)
            let active = try client.execute(.get, "/v1/trips?status=active", headers: guardian.auth).decode(TripList.self)
            XCTAssertEqual(active.trips.map(\.id), [own.id, second.id])
            let arrived = try client.execute(.get, "/v1/trips?status=arrived", headers: guardian.auth).decode(TripList.self)
            XCTAssertEqual(arrived.trips.map(\.id), [first.id])

            let page = try client.execute(.get, "/v1/trips?limit=2", headers: guardian.auth).decode(TripList.self)
            XCTAssertEqual(page.trips.map(\.id), [own.id, second.id])
            let cursor = try XCTUnwrap(page.nextCursor)
            let rest = try client.execute(.get, "/v1/trips?limit=2&cursor=\(cursor)", headers: guardian.auth)
                .decode(TripList.self)
            XCTAssertEqual(rest.trips.map(\.id), [first.id])

            let dependentView = try client.execute(.get, "/v1/trips", headers: dependent.auth).decode(TripList.self)
            XCTAssertEqual(dependentView.trips.map(\.id), [second.id, first.id], "a dependent does not see the guardian's trips")
            XCTAssertEqual(try client.execute(.get, "/v1/trips?status=done", headers: guardian.auth).status, .badRequest)
            XCTAssertEqual(try client.execute(.get, "/v1/trips?limit=0", headers: guardian.auth).status, .badRequest)
            XCTAssertEqual(try client.execute(.get, "/v1/trips?cursor=x", headers: guardian.auth).status, .badRequest)
        }
    }
}
