import Foundation
import HomewardHTTP
import HomewardHTTPTesting
import XCTest
@testable import Homeward

/// Trip access codes are guessed under limits per traveller, per caller and per client address:
/// one machine farming accounts against many travellers runs out after its address's limit.
final class TripCodeGuessingTests: XCTestCase {
    func testOneAddressFarmingAccountsGetsNoMoreTripCodeGuessesThanItsLimit() throws {
        let test = try TestApp()
        let travellers = try (0..<7).map { _ in try test.makeAccount() }
        let attackers = try (0..<3).map { _ in try test.makeAccount() }
        let friend = try test.makeAccount()
        try test.withClient(.live) { client in
            let codes = try travellers.map { try XCTUnwrap(try test.startTrip(client, for: $0).accessCode) }
            var statuses: [Int] = []
            // 3 guesses against each traveller and 7 by each account: under both of their limits.
            for (index, traveller) in travellers.enumerated() {
                for attacker in attackers {
                    let wrong = codes[index] == "000000" ? "000001" : "000000"
                    statuses.append(try client.send(from: "127.0.0.2", .post, "/v1/trips/join", token: attacker.token,
                        body: API.TripJoin(phone: traveller.phone, accessCode: wrong)).status.code)
                }
            }
            let limit = RateLimitPolicy.tripAccessCodeFailuresPerClientAddress.maxFailures
            XCTAssertEqual(statuses, Array(repeating: 403, count: limit) + Array(repeating: 429, count: statuses.count - limit))
            XCTAssertEqual(try test.join(client, travellers[0], as: friend, code: codes[0]).status, .created)
        }
    }

    func testATravellersGuessesAreCountedOnceWhetherNamedByPhoneOrByName() throws {
        let test = try TestApp()
        let traveller = try test.makeAccount(name: "Zed Quill")
        let attacker = try test.makeAccount()
        try test.withClient { client in
            let code = try XCTUnwrap(try test.startTrip(client, for: traveller).accessCode)
            let wrong = code == "000000" ? "000001" : "000000"
            let limit = RateLimitPolicy.tripAccessCodeFailuresPerTarget.maxFailures
            for _ in 0..<limit {
                XCTAssertEqual(try client.send(.post, "/v1/trips/join", token: attacker.token,
                    body: API.TripJoin(phone: traveller.phone, accessCode: wrong)).status.code, 403)
            }
            let byName = try client.send(.post, "/v1/trips/join", token: attacker.token,
                body: API.TripJoin(name: "zed quill", accessCode: wrong))
            XCTAssertEqual(byName.status.code, 429, "naming the same traveller another way gives no fresh guesses: \(byName.text)")
        }
    }
}
