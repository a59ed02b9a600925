import XCTest
import HomewardHTTP
import HomewardHTTPTesting
@testable import Homeward

/// A companion without an account follows a trip with the traveller's phone and the access code.
final class TripWatchTests: XCTestCase {
    func testTheRightCodeShowsTheTripWithItsSOSToArrivalAndAWrongOneIsForbidden() throws {
        let test = try TestApp()
        let walter = try test.makeAccount(name: "Walter")
        try test.withClient { client in
            let created = try client.send(.post, "/v1/trips", token: walter.token, body: API.TripRequest(
                origin: TripPlace(lat: 48.2000, lon: 16.3700), destination: TripPlace(lat: 48.2100, lon: 16.3700, name: "Pharmacy"), mode: .walking))
            XCTAssertEqual(created.status, .created, created.text)
            let trip = try created.decode(TripResource.self)
            let code = try XCTUnwrap(trip.accessCode)
            let tripID = trip.id

            let watched = try client.send(.post, "/v1/trips/watch", body: API.TripJoin(phone: walter.phone, accessCode: code))
            XCTAssertEqual(watched.status, .ok, watched.text)
            let seen = try watched.decode(TripResource.self)
            XCTAssertEqual(seen.id, tripID)
            XCTAssertEqual(seen.status, .active)
            XCTAssertNil(try watched.json()["accessCode"], "the code is not shown again")
            XCTAssertNotNil(seen.progress)
            XCTAssertEqual(seen.emergencies, [])

            let sos = try client.send(.post, "/v1/alerts", token: walter.token, body: ["type": "sos", "message": "I fell"])
            XCTAssertEqual(sos.status, .created, sos.text)
            let calling = try client.send(.post, "/v1/trips/watch", body: API.TripJoin(phone: walter.phone, accessCode: code))
            let emergencies = try calling.decode(TripResource.self).emergencies
            XCTAssertEqual(emergencies?.map(\.message), ["I fell"], "the companion sees his SOS at once")
            XCTAssertEqual(emergencies?.map(\.title), ["SOS"], "in the server's words")

            let wrong = code == "000000" ? "111111" : "000000"
            let refused = try client.send(.post, "/v1/trips/watch", body: API.TripJoin(phone: walter.phone, accessCode: wrong))
            XCTAssertEqual(refused.status, .forbidden)
            let unknown = try client.send(.post, "/v1/trips/watch", body: API.TripJoin(phone: "+447999999999", accessCode: code))
            XCTAssertEqual(unknown.status, .forbidden)
            XCTAssertEqual(unknown.errorCode, refused.errorCode, "one answer for a wrong phone or code")

            XCTAssertEqual(try client.send(.post, "/v1/trips/\(tripID)/arrive", token: walter.token).status, .ok)
            let arrived = try client.send(.post, "/v1/trips/watch", body: API.TripJoin(phone: walter.phone, accessCode: code))
            XCTAssertEqual(try arrived.decode(TripResource.self).status, .arrived)
        }
    }

    func testACompanionTypesTheTravellersNumberTheLocalWay() throws {
        let test = try TestApp()
        let walter = try test.makeAccount(name: "Walter")
        try test.withClient { client in
            let created = try client.send(.post, "/v1/trips", token: walter.token, body: API.TripRequest(
                destination: TripPlace(lat: 48.21, lon: 16.37, name: "Pharmacy"), mode: .walking)).decode(TripResource.self)
            let code = try XCTUnwrap(created.accessCode)
            // "+44 70000 00001" as a British companion types it: "070000 00001", read in the browser's country.
            let local = "0" + walter.phone.dropFirst(3)
            let watched = try client.send(.post, "/v1/trips/watch", body: API.TripJoin(phone: String(local), accessCode: code, country: "GB"))
            XCTAssertEqual(watched.status, .ok, watched.text)
            XCTAssertEqual(try watched.decode(TripResource.self).id, created.id)
            let joined = try client.send(.post, "/v1/trips/join", token: try test.makeAccount().token,
                body: API.TripJoin(phone: String(local), accessCode: code, country: "GB"))
            XCTAssertEqual(joined.status, .created, joined.text)
            let withoutCountry = try client.send(.post, "/v1/trips/watch", body: API.TripJoin(phone: String(local), accessCode: code))
            XCTAssertEqual(withoutCountry.status, .badRequest, "without a country (nor --default-country) a local number cannot be read")
            XCTAssertEqual(withoutCountry.errorField, "phone")
        }
    }

    func testTheTravellerSeesTheAccessCodeAgainWhileTheTripLastsAndNobodyElseDoes() throws {
        let test = try TestApp()
        let walter = try test.makeAccount(name: "Walter")
        let anna = try test.makeAccount(name: "Anna")
        try test.link(guardian: anna, dependent: walter)
        try test.withClient { client in
            let created = try client.send(.post, "/v1/trips", token: walter.token, body: API.TripRequest(
                destination: TripPlace(lat: 48.21, lon: 16.37, name: "Pharmacy"), mode: .walking)).decode(TripResource.self)
            let code = try XCTUnwrap(created.accessCode)
            let again = try client.send(.get, "/v1/trips/\(created.id)", token: walter.token).decode(TripResource.self)
            XCTAssertEqual(again.accessCode, code, "his other phone or computer shows the same code")
            let watched = try client.send(.post, "/v1/trips/watch", body: API.TripJoin(phone: walter.phone, accessCode: code))
            XCTAssertEqual(watched.status, .ok, "and it opens the trip")
            XCTAssertNil(try client.send(.get, "/v1/trips/\(created.id)", token: anna.token).json()["accessCode"], "a guardian never sees it")
            XCTAssertEqual(try client.send(.post, "/v1/trips/\(created.id)/arrive", token: walter.token).status, .ok)
            XCTAssertNil(try client.send(.get, "/v1/trips/\(created.id)", token: walter.token).json()["accessCode"], "not after arrival")
        }
    }

    func testRepeatedWrongCodesAreLimited() throws {
        let test = try TestApp()
        let walter = try test.makeAccount(name: "Walter")
        try test.withClient { client in
            _ = try client.send(.post, "/v1/trips", token: walter.token, body: API.TripRequest(destination: TripPlace(lat: 48.21, lon: 16.37), mode: .walking))
            var statuses: [Int] = []
            let allowed = min(RateLimitPolicy.tripAccessCodeFailuresPerClientAddress.maxFailures, RateLimitPolicy.tripAccessCodeFailuresPerTarget.maxFailures)
            for attempt in 0..<(allowed + 1) {
                let guess = String(format: "x%05d", attempt)
                statuses.append(try client.send(.post, "/v1/trips/watch", body: API.TripJoin(phone: walter.phone, accessCode: guess)).status.code)
            }
            XCTAssertEqual(statuses.first, 403)
            XCTAssertEqual(statuses.last, 429)
        }
    }
}
