import Foundation
import HomewardHTTP
import HomewardHTTPTesting
import XCTest
@testable import Homeward

/// A companion who joined a trip hears the traveller's alerts of the trip, and keeps reading them
/// (with the arrival) once it ended, but no longer acts on them.
final class TripCompanionAlertsTests: XCTestCase {
    func testCompanionAcknowledgesTheTravellersSOSOnlyWhileTheTripIsActiveAndReadsItAfterwards() throws {
        let test = try TestApp()
        let traveller = try test.makeAccount(name: "Traveller")
        let companion = try test.makeAccount(name: "Companion")
        try test.withClient { client in
            let trip = try test.startTrip(client, for: traveller)
            let code = try XCTUnwrap(trip.accessCode)
            XCTAssertEqual(try test.join(client, traveller, as: companion, code: code).status, .created)

            let sos = try client.execute(.post, "/v1/alerts", headers: traveller.auth, body: JSONBody.encode(API.SOS(message: "help")))
            XCTAssertEqual(sos.status, .created)
            let listed = try client.execute(.get, "/v1/alerts", headers: companion.auth).decode(API.AlertList.self)
            XCTAssertEqual(listed.alerts.map(\.message), ["help"])
            let alertID = try XCTUnwrap(listed.alerts.first?.id)
            XCTAssertEqual(try client.execute(.post, "/v1/alerts/\(alertID)/acknowledge", headers: companion.auth).status, .ok)

            XCTAssertEqual(try client.execute(.post, "/v1/trips/\(trip.id)/arrive", headers: traveller.auth).status, .ok)
            let afterwards = try client.execute(.get, "/v1/alerts", headers: companion.auth).decode(API.AlertList.self)
            XCTAssertEqual(afterwards.alerts.map(\.type), [.arrived, .sos], "the trip's alerts, the arrival included")
            XCTAssertEqual(try client.execute(.post, "/v1/alerts/\(alertID)/acknowledge", headers: companion.auth).status, .forbidden)
        }
    }
}
