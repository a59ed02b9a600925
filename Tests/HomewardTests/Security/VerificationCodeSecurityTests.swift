import Foundation
import HomewardHTTP
import HomewardHTTPTesting
import XCTest
@testable import Homeward

/// A code the server draws makes one link and is spent; a code the person chose links several
/// guardians (each shown to the person), up to `--max-links-per-code`. A drawn code lives a day by
/// default and never more than seven days; a chosen one thirty.
final class VerificationCodeSecurityTests: XCTestCase {
    func testADrawnCodeLinksOneGuardianAndIsSpentSoTheNextNeedsANewOne() throws {
        let test = try TestApp()
        let anna = try test.makeAccount(name: "Anna")
        let ben = try test.makeAccount(name: "Ben")
        let carl = try test.makeAccount(name: "Carl")
        try test.withClient { client in
            let drawn = try client.send(.put, "/v1/me/verification-code", token: anna.token, body: API.CodeSetting())
            XCTAssertEqual(try drawn.json()["kind"], "drawn")
            XCTAssertEqual(try drawn.json()["maxGuardians"], 1)
            let link = API.LinkRequest(phone: anna.phone, code: try drawn.string("code", expecting: .ok))
            XCTAssertEqual(try client.send(.post, "/v1/links", token: ben.token, body: link).status, .created)
            let reused = try client.send(.post, "/v1/links", token: carl.token, body: link)
            XCTAssertEqual(reused.status, .forbidden, reused.text)
            let fresh = try client.send(.put, "/v1/me/verification-code", token: anna.token, body: API.CodeSetting()).string("code", expecting: .ok)
            XCTAssertEqual(try client.send(.post, "/v1/links", token: carl.token,
                body: API.LinkRequest(phone: anna.phone, code: fresh)).status, .created)
            let guardians = try client.send(.get, "/v1/links", token: anna.token).text
            XCTAssertTrue(guardians.contains(ben.id) && guardians.contains(carl.id), guardians)
            // A drawn code is read out to one person, who is expected: no news for the person.
            XCTAssertFalse(try client.send(.get, "/v1/alerts", token: anna.token).text.contains("new_guardian"))
        }
        let left: Int64? = try test.app.database.read { db in
            try db.fetchOne("SELECT count(*) FROM verification_codes WHERE account_key = ?", [anna.key])
        }
        XCTAssertEqual(left, 0)
    }

    /// Life_Tracker's story: a father sets his own code; his daughter and his son both link with his
    /// phone and that code, and he is told of each at once.
    func testAChosenCodeLinksSeveralGuardiansEachShownToThePerson() throws {
        let test = try TestApp()
        let father = try test.makeAccount(name: "Arthur")
        let daughter = try test.makeAccount(name: "Beth")
        let son = try test.makeAccount(name: "Colin")
        try test.withClient { client in
            let set = try client.send(.put, "/v1/me/verification-code", token: father.token, body: API.CodeSetting(code: "rose1942"))
            XCTAssertEqual(try set.json()["kind"], "chosen", set.text)
            XCTAssertEqual(try set.json()["maxGuardians"], .number(Double(LinkService.defaultMaxLinksPerChosenCode)))
            let expiresAt = try XCTUnwrap(Timestamp(rfc3339: try set.string("expiresAt", expecting: .ok)))
            XCTAssertEqual(expiresAt.unixMilliseconds - test.clock.now().unixMilliseconds,
                           Int64(LinkService.maxChosenCodeLifetimeSeconds) * 1000, "a chosen code lives 30 days unless set shorter")
            let link = API.LinkRequest(phone: father.phone, code: "rose1942")
            XCTAssertEqual(try client.send(.post, "/v1/links", token: daughter.token, body: link).status, .created)
            let sons = try client.send(.post, "/v1/links", token: son.token, body: link)
            XCTAssertEqual(sons.status, .created, sons.text)
            let sonsLink = try sons.decode(API.Link.self)

            // The father sees one new_guardian alert per link, naming the guardian.
            let alerts = try client.send(.get, "/v1/alerts", token: father.token).decode(API.AlertList.self).alerts
            let news = alerts.filter { $0.type == .newGuardian }
            XCTAssertEqual(news.count, 2, "\(alerts)")
            XCTAssertEqual(Set(news.map(\.status)), [.open])
            XCTAssertTrue(news.contains { $0.message?.hasPrefix("Colin can now see where you are") == true }, "\(news)")
            XCTAssertTrue(news.contains { $0.message?.hasPrefix("Beth can now see where you are") == true }, "\(news)")

            // The news is the father's to acknowledge, not a guardian's.
            let colinsNews = try XCTUnwrap(news.first { $0.message?.hasPrefix("Colin") == true })
            XCTAssertEqual(try client.send(.post, "/v1/alerts/\(colinsNews.id)/acknowledge", token: daughter.token).status, .forbidden)
            let bethsNews = try XCTUnwrap(news.first { $0.message?.hasPrefix("Beth") == true })
            XCTAssertEqual(try client.send(.post, "/v1/alerts/\(bethsNews.id)/acknowledge", token: father.token).status, .ok)

            // The rest of the son's story works: he sees his father, and removing the link resolves the news.
            XCTAssertEqual(try client.send(.get, "/v1/dependents", token: son.token).status, .ok)
            XCTAssertTrue(try client.send(.get, "/v1/dependents", token: son.token).text.contains(father.id))
            XCTAssertEqual(try client.send(.delete, "/v1/links/\(sonsLink.id)", token: father.token).status, .noContent)
            let after = try client.send(.get, "/v1/alerts", token: father.token).decode(API.AlertList.self).alerts
            XCTAssertEqual(after.first { $0.id == colinsNews.id }?.status, .resolved)
        }
        // Told to the father alone, never to his other guardians.
        let recipients = try test.app.database.read { db in
            try NotificationOutbox(accessPolicy: AccessPolicy(), publicBaseURL: "").recipients(
                of: father.key, type: .newGuardian, step: 0, in: db)
        }
        XCTAssertEqual(recipients, [father.key])
    }

    func testAChosenCodeLinksAtMostItsLimitAndStopsWhenChangedOrRemoved() throws {
        let test = try TestApp { $0.maxLinksPerChosenCode = 2 }
        let person = try test.makeAccount(name: "Dora")
        let guardians = try (0..<4).map { try test.makeAccount(name: "Guardian \($0)") }
        try test.withClient { client in
            try client.setCode("tulip-77", for: person)
            let link = API.LinkRequest(phone: person.phone, code: "tulip-77")
            XCTAssertEqual(try client.send(.post, "/v1/links", token: guardians[0].token, body: link).status, .created)
            XCTAssertEqual(try client.send(.post, "/v1/links", token: guardians[1].token, body: link).status, .created)
            let third = try client.send(.post, "/v1/links", token: guardians[2].token, body: link)
            XCTAssertEqual(third.status, .forbidden, "the code has made its 2 links: \(third.text)")

            // Setting the same code again starts a fresh count; changing it ends the old one.
            try client.setCode("tulip-77", for: person)
            XCTAssertEqual(try client.send(.post, "/v1/links", token: guardians[2].token, body: link).status, .created)
            try client.setCode("daisy-88", for: person)
            XCTAssertEqual(try client.send(.post, "/v1/links", token: guardians[3].token, body: link).status, .forbidden)
            XCTAssertEqual(try client.send(.delete, "/v1/me/verification-code", token: person.token).status, .noContent)
            XCTAssertEqual(try client.send(.post, "/v1/links", token: guardians[3].token,
                body: API.LinkRequest(phone: person.phone, code: "daisy-88")).status, .forbidden)
        }
        var configuration = AppConfiguration()
        configuration.maxLinksPerChosenCode = 0
        XCTAssertTrue(configuration.problems.contains { $0.contains("max-links-per-code") })
    }

    func testAChosenCodeExpiresAndLivesThirtyDaysAtMost() throws {
        let test = try TestApp()
        let person = try test.makeAccount()
        let guardian = try test.makeAccount()
        try test.withClient { client in
            let tooLong = try client.send(.put, "/v1/me/verification-code", token: person.token,
                body: API.CodeSetting(code: "lilac-1234", ttlSeconds: LinkService.maxChosenCodeLifetimeSeconds + 1))
            XCTAssertEqual(tooLong.status, .badRequest)
            XCTAssertEqual(tooLong.errorField, "ttlSeconds")
            XCTAssertEqual(try client.send(.put, "/v1/me/verification-code", token: person.token,
                body: API.CodeSetting(code: "lilac-1234", ttlSeconds: 7200)).status, .ok)
            test.clock.advance(bySeconds: 7200)
            XCTAssertEqual(try client.send(.post, "/v1/links", token: guardian.token,
                body: API.LinkRequest(phone: person.phone, code: "lilac-1234")).status, .forbidden)
        }
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
