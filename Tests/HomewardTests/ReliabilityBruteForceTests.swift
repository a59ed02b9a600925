import Foundation
@testable import Homeward
import HomewardHTTP
import XCTest

/// A million guessed verification codes against one account: none links, and other people link as
/// usual meanwhile.
final class ReliabilityBruteForceTests: XCTestCase {
    /// Guesses in the in-process run.
    private static let guessCount = 1_000_000
    /// Accounts the attacker spreads the guesses over (to get past the per-caller limit).
    private static let attackerCount = 1000

    func testAMillionRandomCodesAgainstOneAccountNeverLink() throws {
        let test = try TestApp()
        let victim = try test.makeAccount()
        let neighbour = try test.makeAccount()
        let friend = try test.makeAccount()
        let service = LinkService(app: test.app)
        let victimCode = try service.setCode(of: caller(victim), VerificationCodeRequest(code: nil, ttlSeconds: nil)).code
        let neighbourCode = try service.setCode(of: caller(neighbour), VerificationCodeRequest(code: nil, ttlSeconds: nil)).code
        var generator = SystemRandomNumberGenerator()
        let rightGuessAt = Int.random(in: 1000..<Self.guessCount, using: &generator)
        var outcomes: [String: Int] = [:]
        for attempt in 0..<Self.guessCount {
            let attacker = Caller(accountKey: AccountKey(-1 - attempt % Self.attackerCount),
                                  accountID: "attacker-\(attempt % Self.attackerCount)", sessionID: nil)
            let code = attempt == rightGuessAt ? victimCode : String(Int.random(in: 100_000..<1_000_000, using: &generator))
            do {
                _ = try service.link(attacker, LinkRequest(phone: victim.phone, code: code), from: "attacker-address-\(attempt % Self.attackerCount)")
                XCTFail("guess \(attempt) linked")
            } catch let error as HTTPError {
                outcomes[error.code, default: 0] += 1
            }
        }
        XCTAssertEqual(outcomes["forbidden"], RateLimitPolicy.verificationCodeFailuresPerTarget.maxFailures)
        XCTAssertEqual(outcomes["rate_limited"], Self.guessCount - RateLimitPolicy.verificationCodeFailuresPerTarget.maxFailures)
        let linked = try service.link(caller(friend), LinkRequest(phone: neighbour.phone, code: neighbourCode), from: "friend-address")
        XCTAssertEqual(linked.dependent.id, neighbour.id)
        let victimLinks = try service.links(of: caller(victim))
        XCTAssertTrue(victimLinks.guardians.isEmpty)
    }

    func testGuessingOverHTTPIsLimitedWhileOthersStillLink() throws {
        let test = try TestApp()
        let victim = try test.makeAccount()
        let neighbour = try test.makeAccount()
        let friend = try test.makeAccount()
        let attackers = try (0..<4).map { _ in try test.makeAccount() }
        try test.withClient { client in
            try client.setCode("271828", for: victim)
            try client.setCode("314159", for: neighbour)
            var statuses: [Int] = []
            for attempt in 0..<40 {
                let code = attempt == 30 ? "271828" : String(format: "%06d", 100_000 + attempt)
                let response = try client.send(.post, "/v1/links", token: attackers[attempt % attackers.count].token,
                    body: API.LinkRequest(phone: victim.phone, code: code))
                statuses.append(response.status.code)
            }
            XCTAssertEqual(statuses.filter { $0 == 403 }.count, RateLimitPolicy.verificationCodeFailuresPerTarget.maxFailures)
            XCTAssertEqual(statuses.filter { $0 == 429 }.count, 40 - RateLimitPolicy.verificationCodeFailuresPerTarget.maxFailures)
            let linked = try client.send(.post, "/v1/links", token: friend.token,
                body: API.LinkRequest(phone: neighbour.phone, code: "314159"))
            XCTAssertEqual(linked.status, .created)
            let guardians = try client.send(.get, "/v1/links", token: victim.token)
            XCTAssertEqual(guardians.status, .ok)
            XCTAssertFalse(guardians.text.contains(attackers[0].id))
        }
    }

    private func caller(_ account: TestApp.Account) -> Caller {
        Caller(accountKey: account.key, accountID: account.id, sessionID: nil)
    }
}
