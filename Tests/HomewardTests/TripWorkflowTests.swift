import HomewardHTTP
import HomewardHTTPTesting
import XCTest
@testable import Homeward

final class TripWorkflowTests: XCTestCase {
    func testTheTransitionTableAllowsAndRefusesEachEntry() {
        let moving = TripWorkflow(phase: .moving, passengersAboard: 1, passengerCapacity: 2)
        let stopped = TripWorkflow(phase: .stopped, passengersAboard: 1, passengerCapacity: 2)
        XCTAssertEqual(moving.applying(.pickup), TripWorkflow(phase: .moving, passengersAboard: 2, passengerCapacity: 2))
        XCTAssertEqual(moving.applying(.dropoff), TripWorkflow(phase: .moving, passengersAboard: 0, passengerCapacity: 2))
        XCTAssertEqual(moving.applying(.stopover), stopped)
        XCTAssertNil(moving.applying(.resume))
        XCTAssertEqual(stopped.applying(.pickup), TripWorkflow(phase: .stopped, passengersAboard: 2, passengerCapacity: 2))
        XCTAssertEqual(stopped.applying(.dropoff), TripWorkflow(phase: .stopped, passengersAboard: 0, passengerCapacity: 2))
        XCTAssertNil(stopped.applying(.stopover))
        XCTAssertEqual(stopped.applying(.resume), moving)
        let full = TripWorkflow(phase: .moving, passengersAboard: 2, passengerCapacity: 2)
        XCTAssertNil(full.applying(.pickup))
        let empty = TripWorkflow(phase: .stopped, passengersAboard: 0, passengerCapacity: nil)
        XCTAssertNil(empty.applying(.dropoff))
        XCTAssertEqual(empty.applying(.pickup)?.passengersAboard, 1, "without a passenger count a trip is never full")
    }

    func testARideGoesThroughItsEventsOverHTTPAndKeepsThemInOrder() throws {
        let test = try TestApp()
        let driver = try test.makeAccount()
        try test.withClient { client in
            let trip = try test.startTrip(client, for: driver, body: API.TripRequest(
                origin: TripPlace(lat: 45.80, lon: 15.97), destination: TripPlace(lat: 45.81, lon: 15.99),
                mode: .driving, passengers: 1))
            try test.observe([ObservedFix(time: test.clock.now(), lat: 45.801, lon: 15.971, accuracyMetres: 5)], of: driver)
            let script: [(TripEventType, HTTPStatus)] = [
                (.resume, .conflict), (.dropoff, .conflict),
                (.stopover, .created), (.stopover, .conflict), (.pickup, .created), (.pickup, .conflict),
                (.resume, .created), (.stopover, .created), (.dropoff, .created), (.dropoff, .conflict),
                (.resume, .created),
            ]
            for (type, expected) in script {
                test.clock.advance(bySeconds: 8)
                let response = try client.execute(
                    .post, "/v1/trips/\(trip.id)/events", headers: driver.auth, body: JSONBody.encode(API.TripEvent(type: type.rawValue)))
                XCTAssertEqual(response.status, expected, "\(type): \(response.text)")
                if expected == .conflict { XCTAssertEqual(response.errorCode, "conflict") }
            }
            let shown = try client.execute(.get, "/v1/trips/\(trip.id)", headers: driver.auth).decode(TripResource.self)
            let events = try XCTUnwrap(shown.events)
            XCTAssertEqual(events.map(\.type), [.stopover, .pickup, .resume, .stopover, .dropoff, .resume])
            XCTAssertEqual(events.map(\.passengersAboard), [0, 1, 1, 1, 0, 0])
            XCTAssertEqual(events.first?.location?.lat, 45.801)
            XCTAssertEqual(shown.phase, .moving)
            XCTAssertEqual(zip(events, events.dropFirst()).allSatisfy { $0.t < $1.t }, true)

            let unknown = try client.execute(
                .post, "/v1/trips/\(trip.id)/events", headers: driver.auth, body: JSONBody.encode(API.TripEvent(type: "teleport")))
            XCTAssertEqual(unknown.status, .badRequest)
            _ = try client.execute(.post, "/v1/trips/\(trip.id)/arrive", headers: driver.auth)
            let afterArrival = try client.execute(
                .post, "/v1/trips/\(trip.id)/events", headers: driver.auth, body: JSONBody.encode(API.TripEvent(type: "stopover")))
            XCTAssertEqual(afterArrival.status, .conflict)
        }
    }
}
