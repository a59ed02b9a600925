import HomewardHTTP
import HomewardHTTPTesting
import XCTest
@testable import Homeward

final class TripJoinTests: XCTestCase {
    func testWrongPhoneAndWrongCodeGetTheSameForbiddenAnswer() throws {
        let test = try TestApp()
        let traveller = try test.makeAccount()
        let other = try test.makeAccount()
        let companion = try test.makeAccount()
        try test.withClient { client in
            let trip = try test.startTrip(client, for: traveller)
            let code = try XCTUnwrap(trip.accessCode)
            let wrongCode = String(code.reversed()) == code ? "x" + code : String(code.reversed())
            let byCode = try test.join(client, traveller, as: companion, code: wrongCode)
            let byPhone = try test.join(client, other, as: companion, code: code)
            XCTAssertEqual(byCode.status, .forbidden)
            XCTAssertEqual(byPhone.status, .forbidden)
            XCTAssertEqual(byCode.text, byPhone.text)
            let malformed = try client.execute(
                .post, "/v1/trips/join", headers: companion.auth, body: JSONBody.encode(API.TripJoin(phone: "abc", accessCode: code)))
            XCTAssertEqual(malformed.status, .badRequest)
            XCTAssertEqual(try test.join(client, traveller, as: companion, code: code).status, .created)
            XCTAssertEqual(try test.join(client, traveller, as: companion, code: code).status, .created, "joining again is harmless")
            XCTAssertEqual(try test.join(client, traveller, as: traveller, code: code).status, .conflict)
        }
    }

    func testRepeatedFailuresAgainstOneTravellerAreRateLimited() throws {
        let test = try TestApp()
        let traveller = try test.makeAccount()
        try test.withClient { client in
            let trip = try test.startTrip(client, for: traveller)
            let policy = RateLimitPolicy.tripAccessCodeFailuresPerTarget
            for attempt in 0..<policy.maxFailures {
                let guesser = try test.makeAccount()
                XCTAssertEqual(try test.join(client, traveller, as: guesser, code: "wrong\(attempt)").status, .forbidden)
            }
            let late = try test.makeAccount()
            let limited = try test.join(client, traveller, as: late, code: try XCTUnwrap(trip.accessCode))
            XCTAssertEqual(limited.status, .tooManyRequests, "even the right code waits once the traveller is under attack")
            XCTAssertEqual(limited.errorCode, "rate_limited")
            XCTAssertNotNil(limited.headers["Retry-After"])
            test.clock.advance(bySeconds: Int64(policy.windowSeconds))
            XCTAssertEqual(try test.join(client, traveller, as: late, code: try XCTUnwrap(trip.accessCode)).status, .created)
        }
    }

    func testOneCallerGuessingAcrossTravellersIsRateLimited() throws {
        let test = try TestApp()
        let guesser = try test.makeAccount()
        try test.withClient { client in
            let policy = RateLimitPolicy.tripAccessCodeFailuresPerCaller
            for attempt in 0..<policy.maxFailures {
                let traveller = try test.makeAccount()
                _ = try test.startTrip(client, for: traveller)
                XCTAssertEqual(try test.join(client, traveller, as: guesser, code: "wrong\(attempt)").status, .forbidden)
            }
            let next = try test.makeAccount()
            let trip = try test.startTrip(client, for: next)
            XCTAssertEqual(try test.join(client, next, as: guesser, code: try XCTUnwrap(trip.accessCode)).status, .tooManyRequests)
        }
    }

    func testAnArrivedTripCannotBeJoined() throws {
        let test = try TestApp()
        let traveller = try test.makeAccount()
        let companion = try test.makeAccount()
        try test.withClient { client in
            let trip = try test.startTrip(client, for: traveller)
            _ = try client.execute(.post, "/v1/trips/\(trip.id)/arrive", headers: traveller.auth)
            XCTAssertEqual(try test.join(client, traveller, as: companion, code: try XCTUnwrap(trip.accessCode)).status, .forbidden)
        }
    }
}
