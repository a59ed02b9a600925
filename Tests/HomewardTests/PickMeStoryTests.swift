import Foundation
import HomewardHTTP
import HomewardHTTPTesting
import XCTest
@testable import Homeward

/// PickMe's story over a real socket: a driver offline for a while presses "picked up" and "ride
/// over", and the phone sends fixes and presses later; each press is kept at its time and place.
final class PickMeStoryTests: XCTestCase {
    private struct Path: Decodable {
        struct Point: Decodable { let lat: Double; let t: Timestamp }
        let locations: [Point]
        let events: [TripEventResource]
    }

    func testWorkflowEventsPressedOfflineAreKeptAtTheirTimeAndPlaceAmongTheFixes() throws {
        let test = try TestApp()
        let driver = try test.makeAccount(name: "Driver")
        let ride = API.TripRequest(
            origin: TripPlace(lat: 51.50, lon: 0.0), destination: TripPlace(lat: 51.52, lon: 0.0), mode: .driving, passengers: 2)
        try test.withClient { client in
            let trip = try test.startTrip(client, for: driver, body: ride)
            let start = test.clock.now()
            test.clock.advance(bySeconds: 120)
            // Back online: a fix every 8 s from the offline buffer...
            let fixes = (0..<8).map {
                API.LocationSample(t: Double(start.adding(milliseconds: Int64($0) * 8_000).unixMilliseconds) / 1000,
                                   lat: 51.50 + Double($0) * 0.001, lon: 0, accuracy: 6)
            }
            XCTAssertEqual(try client.execute(.post, "/v1/locations", headers: driver.auth, body: JSONBody.encode(API.LocationBatch(samples: fixes))).status, .ok)
            // ...then the presses: "picked up" with the place the phone knew, "ride over" without one.
            let pickupTime = start.adding(milliseconds: 10_000)
            let pickup = JSONBody.encode(API.TripEvent(type: "pickup", t: pickupTime, location: .init(lat: 51.5012, lon: 0.0001, accuracy: 9)))
            let recorded = try client.execute(.post, "/v1/trips/\(trip.id)/events", headers: driver.auth, body: pickup)
            XCTAssertEqual(recorded.status, .created, recorded.text)
            XCTAssertEqual(try client.execute(.post, "/v1/trips/\(trip.id)/events", headers: driver.auth, body: pickup).status, .created, "a resend is the same press")
            let dropoffTime = start.adding(milliseconds: 42_000)
            XCTAssertEqual(try client.execute(.post, "/v1/trips/\(trip.id)/events", headers: driver.auth, body: JSONBody.encode(API.TripEvent(type: "dropoff", t: dropoffTime))).status, .created)
            let early = try client.execute(.post, "/v1/trips/\(trip.id)/events", headers: driver.auth, body: JSONBody.encode(API.TripEvent(type: "stopover", t: start.adding(milliseconds: -60_000))))
            XCTAssertEqual(early.status, .badRequest)
            XCTAssertEqual(early.errorField, "t")

            let path = try client.execute(.get, "/v1/trips/\(trip.id)/path", headers: driver.auth).decode(Path.self)
            XCTAssertEqual(path.locations.count, 8)
            XCTAssertEqual(path.events.map(\.type), [.pickup, .dropoff])
            XCTAssertEqual(path.events.map(\.t), [pickupTime, dropoffTime])
            XCTAssertEqual(path.events[0].location, AlertResource.Location(lat: 51.5012, lon: 0.0001, accuracy: 9))
            XCTAssertEqual(path.events[1].location?.lat, 51.505, "the fix the driver had when pressing (the one of 40 s)")
            let shown = try client.execute(.get, "/v1/trips/\(trip.id)", headers: driver.auth).decode(TripResource.self)
            XCTAssertEqual(shown.events?.map(\.t), [pickupTime, dropoffTime])
            XCTAssertEqual(shown.passengersAboard, 0)
        }
    }
}
