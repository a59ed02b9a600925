import XCTest
import HomewardHTTP
import HomewardHTTPTesting
@testable import Homeward

/// Verification codes and guardian links over a real socket.
final class LinksTests: XCTestCase {
    func testADrawnCodeHasSixDigitsAndExpiresAfterTheDefaultLifetime() throws {
        let test = try TestApp()
        let anna = try test.makeAccount()
        try test.withClient { client in
            let response = try client.send(.put, "/v1/me/verification-code", token: anna.token, body: API.CodeSetting())
            XCTAssertEqual(response.status, .ok)
            let drawn = try response.decode(API.VerificationCode.self)
            let code = drawn.code
            XCTAssertEqual(code.count, 6)
            XCTAssertTrue(code.allSatisfy(\.isASCII) && code.allSatisfy(\.isNumber))
            let expiresAt = try XCTUnwrap(Timestamp(rfc3339: drawn.expiresAt))
            XCTAssertEqual(expiresAt.unixMilliseconds - test.clock.now().unixMilliseconds, 24 * 3600 * 1000)
        }
        let stored: [UInt8]? = try test.app.database.read { db in
            try db.fetchOne("SELECT code_sha256 FROM verification_codes WHERE account_key = ?", [anna.key])
        }
        XCTAssertEqual(stored?.count, 32)
    }

    func testAGuardianLinksWithPhoneAndCodeAndBothSidesSeeTheLink() throws {
        let test = try TestApp()
        let anna = try test.makeAccount(name: "Anna")
        let ben = try test.makeAccount(name: "Ben")
        try test.withClient { client in
            try client.setCode("271828", for: anna)
            let link = try client.send(.post, "/v1/links", token: ben.token,
                body: API.LinkRequest(phone: anna.phone, code: "271828"))
            XCTAssertEqual(link.status, .created)
            let body = try link.decode(API.Link.self)
            XCTAssertEqual(body.guardian.id, ben.id)
            XCTAssertEqual(body.guardian.name, "Ben")
            XCTAssertEqual(body.dependent.phone, anna.phone)
            XCTAssertEqual(body.dependent.name, "Anna")
            XCTAssertNotNil(Timestamp(rfc3339: body.createdAt))

            let asGuardian = try client.send(.get, "/v1/links", token: ben.token).decode(API.LinkList.self)
            XCTAssertEqual(asGuardian.dependents.first?.id, body.id)
            XCTAssertEqual(asGuardian.guardians.count, 0)
            let asDependent = try client.send(.get, "/v1/links", token: anna.token).decode(API.LinkList.self)
            XCTAssertEqual(asDependent.guardians.first?.id, body.id)
        }
    }

    func testADependentMayHaveSeveralGuardiansAndAGuardianSeveralDependents() throws {
        let test = try TestApp()
        let anna = try test.makeAccount()
        let carl = try test.makeAccount()
        let ben = try test.makeAccount()
        let dora = try test.makeAccount()
        try test.withClient { client in
            try client.setCode("222222", for: carl)
            // A code is spent by the link it makes: Anna sets one for each of her guardians.
            for (guardian, dependent, code) in [(ben, anna, "111111"), (dora, anna, "333333"), (ben, carl, "222222")] {
                if dependent.id == anna.id { try client.setCode(code, for: anna) }
                let response = try client.send(.post, "/v1/links", token: guardian.token,
                    body: API.LinkRequest(phone: dependent.phone, code: code))
                XCTAssertEqual(response.status, .created)
            }
            XCTAssertEqual(try client.send(.get, "/v1/links", token: anna.token).decode(API.LinkList.self).guardians.count, 2)
            XCTAssertEqual(try client.send(.get, "/v1/links", token: ben.token).decode(API.LinkList.self).dependents.count, 2)
        }
    }

    func testADuplicateLinkAnswers409AndASelfLinkIsRefused() throws {
        let test = try TestApp()
        let anna = try test.makeAccount()
        let ben = try test.makeAccount()
        try test.withClient { client in
            try client.setCode("314159", for: anna)
            let body = API.LinkRequest(phone: anna.phone, code: "314159")
            XCTAssertEqual(try client.send(.post, "/v1/links", token: ben.token, body: body).status, .created)
            try client.setCode("314159", for: anna)
            let duplicate = try client.send(.post, "/v1/links", token: ben.token, body: body)
            XCTAssertEqual(duplicate.status, .conflict)
            XCTAssertEqual(duplicate.errorCode, "conflict")
            let selfLink = try client.send(.post, "/v1/links", token: anna.token, body: body)
            XCTAssertEqual(selfLink.status, .badRequest)
        }
    }

    func testWrongPhoneWrongCodeExpiredCodeAndDeletedCodeGetOneAnswer() throws {
        let test = try TestApp()
        let anna = try test.makeAccount()
        let ben = try test.makeAccount()
        try test.withClient { client in
            try client.setCode("161803", for: anna, ttlSeconds: 60)
            let wrongCode = try client.send(.post, "/v1/links", token: ben.token, body: API.LinkRequest(phone: anna.phone, code: "161804"))
            let wrongPhone = try client.send(.post, "/v1/links", token: ben.token, body: API.LinkRequest(phone: "+15550001234", code: "161803"))
            test.clock.advance(bySeconds: 61)
            let expired = try client.send(.post, "/v1/links", token: ben.token, body: API.LinkRequest(phone: anna.phone, code: "161803"))
            for response in [wrongCode, wrongPhone, expired] {
                XCTAssertEqual(response.status, .forbidden)
                XCTAssertEqual(response.body, wrongCode.body)
            }
            let carl = try test.makeAccount()
            try client.setCode("161803", for: anna)
            XCTAssertEqual(try client.send(.delete, "/v1/me/verification-code", token: anna.token).status, .noContent)
            let deleted = try client.send(.post, "/v1/links", token: carl.token, body: API.LinkRequest(phone: anna.phone, code: "161803"))
            XCTAssertEqual(deleted.status, .forbidden)
        }
    }

    func testAMalformedPhoneSaysWhatIsWrongAndCountsTowardsNoLimit() throws {
        let test = try TestApp()
        let anna = try test.makeAccount()
        let ben = try test.makeAccount()
        try test.withClient { client in
            try client.setCode("161803", for: anna)
            for _ in 0..<(RateLimitPolicy.verificationCodeFailuresPerClientAddress.maxFailures + 2) {
                let malformed = try client.send(.post, "/v1/links", token: ben.token, body: API.LinkRequest(phone: "anna", code: "161803"))
                XCTAssertEqual(malformed.status, .badRequest)
                XCTAssertEqual(malformed.errorField, "phone")
            }
            let linked = try client.send(.post, "/v1/links", token: ben.token, body: API.LinkRequest(phone: anna.phone, code: "161803"))
            XCTAssertEqual(linked.status, .created, "typing mistakes did not lock Ben out: \(linked.text)")
        }
    }

    func testAPhoneTypedTheLocalWayLinksInTheBrowsersOrTheServersCountry() throws {
        let test = try TestApp { $0.defaultCountry = "GB" }
        let london = try test.makeAccount(name: "Dad")
        try test.app.database.write { db in try db.execute("UPDATE accounts SET phone = '+442079460958' WHERE key = ?", london.key) }
        let berlin = try test.makeAccount(name: "Oma")
        try test.app.database.write { db in try db.execute("UPDATE accounts SET phone = '+4930123456' WHERE key = ?", berlin.key) }
        let ben = try test.makeAccount(name: "Ben")
        try test.withClient { client in
            try client.setCode("161803", for: london)
            try client.setCode("271828", for: berlin)
            XCTAssertEqual(try client.send(.post, "/v1/links", token: ben.token,
                body: API.LinkRequest(phone: "020 7946 0958", code: "161803")).status, .created, "the server's default country, GB")
            XCTAssertEqual(try client.send(.post, "/v1/links", token: ben.token,
                body: API.LinkRequest(phone: "030 123456", code: "271828", country: "DE")).status, .created, "the browser's country wins")
        }
    }

    func testTheCodeShownStaysLiveUntilItExpiresOrIsReplaced() throws {
        let test = try TestApp()
        let anna = try test.makeAccount()
        try test.withClient { client in
            let state = { (code: String?) throws -> API.CodeState in
                let answer = try client.send(.get, "/v1/me/verification-code" + (code.map { "?code=\($0)" } ?? ""), token: anna.token)
                XCTAssertEqual(answer.headers["Cache-Control"], "private, no-store")
                return try answer.decode(API.CodeState.self)
            }
            XCTAssertEqual(try state(nil).live, false)
            try client.setCode("161803", for: anna, ttlSeconds: 600)
            XCTAssertEqual(try state("161803").live, true)
            XCTAssertEqual(try state("161803").expiresAt.flatMap(Timestamp.init(rfc3339:)), test.clock.now().adding(milliseconds: 600_000))
            XCTAssertEqual(try state(nil).live, true)
            XCTAssertEqual(try state("000000").live, false, "not the code the page keeps")
            try client.setCode("271828", for: anna)
            XCTAssertEqual(try state("161803").live, false, "a new code replaced it")
            test.clock.advance(bySeconds: 24 * 3600 + 1)
            XCTAssertEqual(try state("271828").live, false, "expired")
        }
    }

    func testFiveWrongCodesAgainstOneAccountLimitEveryoneTryingIt() throws {
        let test = try TestApp()
        let anna = try test.makeAccount()
        let ben = try test.makeAccount()
        let carl = try test.makeAccount()
        try test.withClient { client in
            try client.setCode("577215", for: anna)
            for attempt in 0..<5 {
                let guesser = attempt.isMultiple(of: 2) ? ben : carl
                let response = try client.send(.post, "/v1/links", token: guesser.token,
                    body: API.LinkRequest(phone: anna.phone, code: "00000\(attempt)"))
                XCTAssertEqual(response.status, .forbidden)
            }
            let limited = try client.send(.post, "/v1/links", token: ben.token,
                body: API.LinkRequest(phone: anna.phone, code: "577215"))
            XCTAssertEqual(limited.status, .tooManyRequests)
            XCTAssertEqual(limited.errorCode, "rate_limited")
            XCTAssertNotNil(limited.headers["Retry-After"])
            test.clock.advance(bySeconds: 15 * 60)
            XCTAssertEqual(try client.send(.post, "/v1/links", token: ben.token,
                body: API.LinkRequest(phone: anna.phone, code: "577215")).status, .created)
        }
    }

    func testOneCallerGuessingAcrossManyAccountsIsLimited() throws {
        let test = try TestApp()
        let ben = try test.makeAccount()
        let perCaller = RateLimitPolicy.verificationCodeFailuresPerCaller.maxFailures
        var targets: [TestApp.Account] = []
        for _ in 0..<(perCaller / 2 + 1) { targets.append(try test.makeAccount()) }
        try test.withClient { client in
            for attempt in 0..<perCaller {
                let target = targets[attempt / 2]
                let response = try client.send(.post, "/v1/links", token: ben.token,
                    body: API.LinkRequest(phone: target.phone, code: "99999\(attempt % 10)"))
                XCTAssertEqual(response.status, .forbidden)
            }
            let fresh = try XCTUnwrap(targets.last)
            try client.setCode("424242", for: fresh)
            let limited = try client.send(.post, "/v1/links", token: ben.token,
                body: API.LinkRequest(phone: fresh.phone, code: "424242"))
            XCTAssertEqual(limited.status, .tooManyRequests)
        }
    }

    func testCodeRulesAreEnforced() throws {
        let test = try TestApp()
        let anna = try test.makeAccount()
        let typed: [(API.CodeSetting, String)] = [
            (API.CodeSetting(code: "12345"), "code"),
            (API.CodeSetting(ttlSeconds: 59), "ttlSeconds"),
            (API.CodeSetting(ttlSeconds: 604801), "ttlSeconds"),
        ]
        // Kept as text: a code over the length limit, and a lifetime of the wrong type.
        let raw: [(String, String)] = [
            (#"{"code":"\#(String(repeating: "7", count: 65))"}"#, "code"),
            (#"{"ttlSeconds":"soon"}"#, "ttlSeconds"),
        ]
        try test.withClient { client in
            for (body, field) in JSONBody.table(typed, raw) {
                let response = try client.send(.put, "/v1/me/verification-code", token: anna.token, json: body)
                XCTAssertEqual(response.status, .badRequest, body)
                XCTAssertEqual(response.errorField, field, body)
            }
            let chosen = try client.send(.put, "/v1/me/verification-code", token: anna.token,
                body: API.CodeSetting(code: "blue-heron", ttlSeconds: 604800))
            XCTAssertEqual(chosen.status, .ok)
            XCTAssertEqual(try chosen.decode(API.VerificationCode.self).code, "blue-heron")
        }
    }

    func testEitherSideMayEndALinkAndTheGuardianSeesNothingAfter() throws {
        let test = try TestApp()
        let anna = try test.makeAccount()
        let ben = try test.makeAccount()
        let dora = try test.makeAccount()
        try test.link(guardian: ben, dependent: anna)
        try test.link(guardian: dora, dependent: anna)
        try test.withClient { client in
            let links = try client.send(.get, "/v1/links", token: anna.token).decode(API.LinkList.self).guardians
            let benLink = try XCTUnwrap(links.first { $0.guardian.id == ben.id }?.id)
            let doraLink = try XCTUnwrap(links.first { $0.guardian.id == dora.id }?.id)
            XCTAssertEqual(try client.send(.delete, "/v1/links/\(benLink)", token: ben.token).status, .noContent)
            XCTAssertEqual(try client.send(.delete, "/v1/links/\(doraLink)", token: anna.token).status, .noContent)
            XCTAssertEqual(try client.send(.get, "/v1/links", token: anna.token).decode(API.LinkList.self).guardians.count, 0)
        }
        let asBen = try test.app.authenticator.authenticate(token: ben.token)
        try test.app.database.read { db in
            XCTAssertEqual(try test.app.accessPolicy.dependents(of: asBen, in: db), [])
            XCTAssertThrowsError(try test.app.accessPolicy.visibleAccount(anna.id, to: asBen, in: db))
        }
    }
}

extension HTTPTestClient {
    /// Sets `code` as the verification code of `account`.
    func setCode(_ code: String, for account: TestApp.Account, ttlSeconds: Int = 3600) throws {
        let response = try send(.put, "/v1/me/verification-code", token: account.token,
            body: API.CodeSetting(code: code, ttlSeconds: ttlSeconds))
        guard response.status == .ok else {
            throw HTTPTestError.malformedResponse("setting the code answered \(response.status): \(response.text)")
        }
    }
}
