import Foundation
import HomewardHTTP
import HomewardHTTPTesting
import XCTest
@testable import Homeward

/// A verification code makes one link and is spent; it lives a day by default and never more than
/// seven days.
final class VerificationCodeSecurityTests: XCTestCase {
    func testACodeLinksOneGuardianAndIsSpentSoTheNextNeedsANewOne() throws {
        let test = try TestApp()
        let anna = try test.makeAccount(name: "Anna")
        let ben = try test.makeAccount(name: "Ben")
        let carl = try test.makeAccount(name: "Carl")
        try test.withClient { client in
            try client.setCode("482913", for: anna)
            let link = API.LinkRequest(phone: anna.phone, code: "482913")
            XCTAssertEqual(try client.send(.post, "/v1/links", token: ben.token, body: link).status, .created)
            let reused = try client.send(.post, "/v1/links", token: carl.token, body: link)
            XCTAssertEqual(reused.status, .forbidden, reused.text)
            let fresh = try client.send(.put, "/v1/me/verification-code", token: anna.token, body: API.CodeSetting()).string("code", expecting: .ok)
            XCTAssertEqual(try client.send(.post, "/v1/links", token: carl.token,
                body: API.LinkRequest(phone: anna.phone, code: fresh)).status, .created)
            let guardians = try client.send(.get, "/v1/links", token: anna.token).text
            XCTAssertTrue(guardians.contains(ben.id) && guardians.contains(carl.id), guardians)
        }
        let left: Int64? = try test.app.database.read { db in
            try db.fetchOne("SELECT count(*) FROM verification_codes WHERE account_key = ?", [anna.key])
        }
        XCTAssertEqual(left, 0)
    }

    func testAnAlreadyLinkedGuardianDoesNotSpendTheCode() throws {
        let test = try TestApp()
        let anna = try test.makeAccount()
        let ben = try test.makeAccount()
        let carl = try test.makeAccount()
        try test.link(guardian: ben, dependent: anna)
        try test.withClient { client in
            try client.setCode("482913", for: anna)
            let link = API.LinkRequest(phone: anna.phone, code: "482913")
            XCTAssertEqual(try client.send(.post, "/v1/links", token: ben.token, body: link).status, .conflict)
            XCTAssertEqual(try client.send(.post, "/v1/links", token: carl.token, body: link).status, .created)
        }
    }

    func testACodeExpiresAfterADayByDefaultAndLivesSevenDaysAtMost() throws {
        let test = try TestApp()
        let anna = try test.makeAccount()
        let ben = try test.makeAccount()
        try test.withClient { client in
            let tooLong = try client.send(.put, "/v1/me/verification-code", token: anna.token,
                body: API.CodeSetting(ttlSeconds: LinkService.maxCodeLifetimeSeconds + 1))
            XCTAssertEqual(tooLong.status, .badRequest)
            XCTAssertEqual(tooLong.errorField, "ttlSeconds")
            XCTAssertEqual(try client.send(.put, "/v1/me/verification-code", token: anna.token,
                body: API.CodeSetting(ttlSeconds: LinkService.maxCodeLifetimeSeconds)).status, .ok)
            let code = try client.send(.put, "/v1/me/verification-code", token: anna.token, body: API.CodeSetting()).string("code", expecting: .ok)
            test.clock.advance(bySeconds: 24 * 3600)
            XCTAssertEqual(try client.send(.post, "/v1/links", token: ben.token,
                body: API.LinkRequest(phone: anna.phone, code: code)).status, .forbidden)
        }
        XCTAssertEqual(LinkService.maxCodeLifetimeSeconds, 7 * 24 * 3600)
        var configuration = AppConfiguration()
        configuration.verificationCodeLifetimeSeconds = LinkService.maxCodeLifetimeSeconds + 1
        XCTAssertTrue(configuration.problems.contains { $0.contains("verification-code-lifetime-seconds") })
    }

    func testAConfiguredLifetimeIsTheDefault() throws {
        let test = try TestApp { $0.verificationCodeLifetimeSeconds = 3600 }
        let anna = try test.makeAccount()
        try test.withClient { client in
            let response = try client.send(.put, "/v1/me/verification-code", token: anna.token, body: API.CodeSetting())
            let expiresAt = try XCTUnwrap(Timestamp(rfc3339: try response.decode(API.VerificationCode.self).expiresAt))
            XCTAssertEqual(expiresAt.unixMilliseconds - test.clock.now().unixMilliseconds, 3600 * 1000)
        }
    }

    func testOneAddressFarmingAccountsGetsNoMoreGuessesThanItsLimit() throws {
        let test = try TestApp()
        let targets = try (0..<7).map { _ in try test.makeAccount() }
        let attackers = try (0..<3).map { _ in try test.makeAccount() }
        let friend = try test.makeAccount()
        try test.withClient(.live) { client in
            try client.setCode("271828", for: targets[0])
            var statuses: [Int] = []
            // 3 guesses against each target and 7 by each account: under both of their limits.
            for (index, target) in targets.enumerated() {
                for (offset, attacker) in attackers.enumerated() {
                    statuses.append(try client.send(from: "127.0.0.2", .post, "/v1/links", token: attacker.token,
                        body: API.LinkRequest(phone: target.phone, code: "\(100_000 + index * 10 + offset)")).status.code)
                }
            }
            let limit = RateLimitPolicy.verificationCodeFailuresPerClientAddress.maxFailures
            XCTAssertEqual(statuses, Array(repeating: 403, count: limit) + Array(repeating: 429, count: statuses.count - limit))
            XCTAssertEqual(try client.send(.post, "/v1/links", token: friend.token,
                body: API.LinkRequest(phone: targets[0].phone, code: "271828")).status, .created)
        }
    }
}
