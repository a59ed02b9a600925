import Foundation
import XCTest
import HomewardHTTP
import HomewardHTTPTesting
@testable import Homeward

/// Accounts and sessions over a real socket: registration, login, the caller's account, password
/// changes, sessions and logout.
final class AccountsTests: XCTestCase {
    func testRegistrationNormalisesThePhoneAndAnswersTheAccount() throws {
        let test = try TestApp()
        try test.withClient { client in
            let response = try client.send(.post, "/v1/accounts",
                body: API.Registration(phone: "+44 (0)20 7946-0958", password: "Correct-Horse-9", name: "  Anna  "))
            XCTAssertEqual(response.status, .created)
            let account = try response.decode(API.Account.self)
            XCTAssertEqual(account.phone, "+442079460958")
            XCTAssertEqual(account.name, "Anna")
            XCTAssertEqual(account.id.count, SecureRandom.identifierCharacterCount)
            XCTAssertNotNil(Timestamp(rfc3339: account.createdAt))
            XCTAssertEqual(try response.json()["profile"], .object([:]))
        }
    }

    func testRegistrationRefusesATakenPhoneWith409() throws {
        let test = try TestApp()
        try test.withClient { client in
            _ = try client.register(phone: "+442079460958")
            let again = try client.send(.post, "/v1/accounts",
                body: API.Registration(phone: "0044 20 7946 0958", password: "Other-Horse-9", name: "Ben"))
            XCTAssertEqual(again.status, .conflict)
            XCTAssertEqual(again.errorCode, "conflict")
        }
    }

    func testRegistrationNamesTheFieldAtFault() throws {
        let test = try TestApp()
        let typed: [(API.Registration, String)] = [
            (API.Registration(phone: "020 7946 0958", password: "Correct-Horse-9", name: "Anna"), "phone"),
            (API.Registration(phone: "+442079460958", password: "short", name: "Anna"), "password"),
            (API.Registration(phone: "+442079460958", password: "correct-horse-9", name: "Anna"), "password"),
            (API.Registration(phone: "+442079460958", password: "Correct-Horse-9", name: "   "), "name"),
        ]
        // Kept as text: a name over the limit, and a name left out.
        let raw: [(String, String)] = [
            (#"{"phone":"+442079460958","password":"Correct-Horse-9","name":"\#(String(repeating: "a", count: 101))"}"#, "name"),
            (#"{"phone":"+442079460958","password":"Correct-Horse-9"}"#, "name"),
        ]
        try test.withClient { client in
            for (body, field) in JSONBody.table(typed, raw) {
                let response = try client.send(.post, "/v1/accounts", json: body)
                XCTAssertEqual(response.status, .badRequest, body)
                XCTAssertEqual(response.errorField, field, body)
            }
        }
    }

    func testRegistrationStoresAnArgon2idHashNotThePassword() throws {
        let test = try TestApp()
        try test.withClient { client in _ = try client.register(phone: "+442079460958") }
        let hash: String? = try test.app.database.read { db in
            try db.fetchOne("SELECT password_hash FROM accounts WHERE phone = '+442079460958'")
        }
        XCTAssertTrue(hash?.hasPrefix("$argon2id$") ?? false)
        XCTAssertFalse(hash?.contains("Correct-Horse-9") ?? true)
    }

    func testLoginIssuesATokenThatAuthenticates() throws {
        let test = try TestApp()
        try test.withClient { client in
            _ = try client.register(phone: "+442079460958")
            let login = try client.send(.post, "/v1/sessions",
                body: API.Credentials(phone: "+44 20 7946 0958", password: "Correct-Horse-9", deviceName: "Anna's phone"))
            XCTAssertEqual(login.status, .created)
            let body = try login.decode(API.Login.self)
            let token = body.token
            XCTAssertEqual(token.count, SecureRandom.tokenCharacterCount)
            let expiresAt = try XCTUnwrap(Timestamp(rfc3339: body.expiresAt))
            XCTAssertEqual(expiresAt.unixMilliseconds - test.clock.now().unixMilliseconds,
                           Int64(test.app.configuration.sessionLifetimeSeconds) * 1000)
            XCTAssertEqual(body.account.phone, "+442079460958")
            let me = try client.send(.get, "/v1/me", token: token)
            XCTAssertEqual(me.status, .ok)
            XCTAssertEqual(try me.decode(API.Account.self).name, "Anna")
        }
        XCTAssertEqual(test.app.metrics.value("homeward_logins_total", labels: ["outcome": "success"]), 1)
    }

    func testOnlyTheTokensDigestIsStored() throws {
        let test = try TestApp()
        let token = try test.withClient { client in
            _ = try client.register(phone: "+442079460958")
            return try client.logIn(phone: "+442079460958")
        }
        let digests: [[UInt8]] = try test.app.database.read { db in try db.fetchAll("SELECT token_sha256 FROM sessions") }
        XCTAssertEqual(digests, [test.app.secrets.digest(token)])
    }

    func testUnknownPhoneAndWrongPasswordGetTheSameAnswer() throws {
        let test = try TestApp()
        try test.withClient { client in
            _ = try client.register(phone: "+442079460958")
            let wrongPassword = try client.send(.post, "/v1/sessions",
                body: API.Credentials(phone: "+442079460958", password: "Wrong-Horse-9"))
            let unknownPhone = try client.send(.post, "/v1/sessions",
                body: API.Credentials(phone: "+442079460959", password: "Correct-Horse-9"))
            XCTAssertEqual(wrongPassword.status, .unauthorized)
            XCTAssertEqual(unknownPhone.status, .unauthorized)
            XCTAssertEqual(wrongPassword.body, unknownPhone.body)
        }
    }

    func testRepeatedWrongPasswordsLimitThatPhoneUntilTheWindowPasses() throws {
        let test = try TestApp()
        try test.withClient { client in
            _ = try client.register(phone: "+442079460958")
            let wrong = API.Credentials(phone: "+442079460958", password: "Wrong-Horse-9")
            for _ in 0..<5 {
                XCTAssertEqual(try client.send(.post, "/v1/sessions", body: wrong).status, .unauthorized)
            }
            let limited = try client.send(.post, "/v1/sessions",
                body: API.Credentials(phone: "+442079460958", password: "Correct-Horse-9"))
            XCTAssertEqual(limited.status, .tooManyRequests)
            XCTAssertEqual(limited.errorCode, "rate_limited")
            let retryAfter = try XCTUnwrap(Int(limited.headers["Retry-After"] ?? ""))
            XCTAssertTrue((1...900).contains(retryAfter))
            test.clock.advance(bySeconds: Int64(retryAfter))
            XCTAssertNoThrow(try client.logIn(phone: "+442079460958"))
        }
    }

    func testManyFailuresFromOneAddressLimitEveryPhoneFromIt() throws {
        let test = try TestApp()
        try test.withClient { client in
            _ = try client.register(phone: "+442079460958")
            let perAddress = RateLimitPolicy.loginFailuresPerClientAddress.maxFailures
            for attempt in 0..<perAddress {
                let phone = "+4420794610\(String(format: "%02d", attempt % 10))"
                let response = try client.send(.post, "/v1/sessions", body: API.Credentials(phone: phone, password: "Wrong-Horse-9"))
                XCTAssertEqual(response.status, .unauthorized)
            }
            let limited = try client.send(.post, "/v1/sessions",
                body: API.Credentials(phone: "+442079460958", password: "Correct-Horse-9"))
            XCTAssertEqual(limited.status, .tooManyRequests)
            XCTAssertNotNil(limited.headers["Retry-After"])
        }
    }

    func testLoginUpgradesAHashMadeWithOtherParameters() throws {
        let test = try TestApp()
        let older = try PasswordHasher(configuration: PasswordHashingConfiguration(iterations: 2, memoryBytes: 16384))
        let oldHash = try older.hash("Correct-Horse-9")
        XCTAssertTrue(test.app.passwordHasher.needsRehash(oldHash))
        let now = test.clock.now().unixMilliseconds
        try test.app.database.write { db in
            try db.execute(
                "INSERT INTO accounts (id, phone, name, password_hash, created_at_ms, updated_at_ms) VALUES (?, ?, 'Old', ?, ?, ?)",
                SecureRandom.identifier(), "+442079460958", oldHash, now, now)
        }
        try test.withClient { client in _ = try client.logIn(phone: "+442079460958") }
        let newHash: String = try XCTUnwrap(try test.app.database.read { db in
            try db.fetchOne("SELECT password_hash FROM accounts WHERE phone = '+442079460958'")
        })
        XCTAssertNotEqual(newHash, oldHash)
        XCTAssertFalse(test.app.passwordHasher.needsRehash(newHash))
        XCTAssertTrue(test.app.passwordHasher.verify("Correct-Horse-9", against: newHash))
    }

    func testLogoutStopsTheToken() throws {
        let test = try TestApp()
        let anna = try test.makeAccount()
        try test.withClient { client in
            XCTAssertEqual(try client.send(.delete, "/v1/sessions/current", token: anna.token).status, .noContent)
            XCTAssertEqual(try client.send(.get, "/v1/me", token: anna.token).status, .unauthorized)
            XCTAssertEqual(try client.send(.delete, "/v1/sessions/current", token: anna.token).status, .unauthorized)
        }
    }

    func testPatchChangesNameAndProfileAndNullClearsAField() throws {
        let test = try TestApp()
        let anna = try test.makeAccount(name: "Anna")
        try test.withClient { client in
            let first = try client.send(.patch, "/v1/me", token: anna.token, json: """
                {"name":"Anna K.","profile":{"birthYear":1941,"heightCm":162,"weightKg":58.5,
                 "vehicleRegistration":" AB12 CDE ","responderNote":"Type 2 diabetes; insulin in the fridge."}}
                """)
            XCTAssertEqual(first.status, .ok)
            XCTAssertEqual(try first.decode(API.Account.self).name, "Anna K.")
            let profile = try first.decode(API.Account.self).profile
            XCTAssertEqual(profile.birthYear, 1941)
            XCTAssertEqual(profile.weightKg, 58.5)
            XCTAssertEqual(profile.vehicleRegistration, "AB12 CDE")
            let second = try client.send(.patch, "/v1/me", token: anna.token,
                json: #"{"profile":{"vehicleRegistration":null,"heightCm":163}}"#)
            let after = try second.decode(API.Account.self)
            XCTAssertNil(try second.json()["profile"]?["vehicleRegistration"], "a cleared field is left out")
            XCTAssertEqual(after.profile.heightCm, 163)
            XCTAssertEqual(after.profile.birthYear, 1941)
            XCTAssertEqual(after.name, "Anna K.")
            let me = try client.send(.get, "/v1/me", token: anna.token)
            XCTAssertEqual(try me.json()["profile"], try second.json()["profile"])
        }
    }

    func testPatchRefusesProfileValuesOutOfRange() throws {
        let test = try TestApp()
        let anna = try test.makeAccount()
        let typed: [(API.AccountUpdate, String)] = [
            (API.AccountUpdate(profile: API.ProfileUpdate(birthYear: 1850)), "profile.birthYear"),
            (API.AccountUpdate(profile: API.ProfileUpdate(birthYear: 3000)), "profile.birthYear"),
            (API.AccountUpdate(profile: API.ProfileUpdate(heightCm: 5)), "profile.heightCm"),
            (API.AccountUpdate(profile: API.ProfileUpdate(weightKg: 900)), "profile.weightKg"),
            (API.AccountUpdate(name: ""), "name"),
        ]
        // Kept as text: a note over the limit, and a height of the wrong type.
        let raw: [(String, String)] = [
            (#"{"profile":{"responderNote":"\#(String(repeating: "x", count: 1001))"}}"#, "profile.responderNote"),
            (#"{"profile":{"heightCm":"tall"}}"#, "profile.heightCm"),
        ]
        try test.withClient { client in
            for (body, field) in JSONBody.table(typed, raw) {
                let response = try client.send(.patch, "/v1/me", token: anna.token, json: body)
                XCTAssertEqual(response.status, .badRequest, body)
                XCTAssertEqual(response.errorField, field, body)
            }
        }
    }

    func testPasswordChangeRevokesEveryOtherSession() throws {
        let test = try TestApp()
        try test.withClient { client in
            _ = try client.register(phone: "+442079460958")
            let kept = try client.logIn(phone: "+442079460958")
            let other = try client.logIn(phone: "+442079460958")
            let change = try client.send(.put, "/v1/me/password", token: kept,
                body: API.PasswordChange(currentPassword: "Correct-Horse-9", newPassword: "Battery-Staple-7"))
            XCTAssertEqual(change.status, .noContent)
            XCTAssertEqual(try client.send(.get, "/v1/me", token: kept).status, .ok)
            XCTAssertEqual(try client.send(.get, "/v1/me", token: other).status, .unauthorized)
            XCTAssertNoThrow(try client.logIn(phone: "+442079460958", password: "Battery-Staple-7"))
            let old = try client.send(.post, "/v1/sessions", body: API.Credentials(phone: "+442079460958", password: "Correct-Horse-9"))
            XCTAssertEqual(old.status, .unauthorized)
        }
    }

    func testARememberedSessionStopsAtOnceWhenRevoked() throws {
        let test = try TestApp()
        try test.withClient { client in
            _ = try client.register(phone: "+442079460959")
            let kept = try client.logIn(phone: "+442079460959")
            let other = try client.logIn(phone: "+442079460959")
            let third = try client.logIn(phone: "+442079460959")
            // Used, so the authenticator remembers them.
            XCTAssertEqual(try client.send(.get, "/v1/me", token: other).status, .ok)
            XCTAssertEqual(try client.send(.get, "/v1/me", token: third).status, .ok)
            let change = try client.send(.put, "/v1/me/password", token: kept,
                body: API.PasswordChange(currentPassword: "Correct-Horse-9", newPassword: "Battery-Staple-7"))
            XCTAssertEqual(change.status, .noContent)
            XCTAssertEqual(try client.send(.get, "/v1/me", token: other).status, .unauthorized)
            XCTAssertEqual(try client.send(.get, "/v1/me", token: third).status, .unauthorized)
            XCTAssertEqual(try client.send(.get, "/v1/me", token: kept).status, .ok)
            let deletion = try client.send(.delete, "/v1/me", token: kept, body: API.PasswordConfirmation(password: "Battery-Staple-7"))
            XCTAssertEqual(deletion.status, .noContent)
            XCTAssertEqual(try client.send(.get, "/v1/me", token: kept).status, .unauthorized)
        }
    }

    func testASessionDeletedInTheFileStopsWithinTheCacheBound() throws {
        let test = try TestApp()
        let anna = try test.makeAccount()
        try test.withClient { client in
            XCTAssertEqual(try client.send(.get, "/v1/me", token: anna.token).status, .ok)
            try test.app.database.write { try $0.execute("DELETE FROM sessions") }
            XCTAssertEqual(try client.send(.get, "/v1/me", token: anna.token).status, .ok, "remembered for a moment")
            test.clock.advance(byMilliseconds: Authenticator.sessionCacheMilliseconds)
            XCTAssertEqual(try client.send(.get, "/v1/me", token: anna.token).status, .unauthorized)
        }
    }

    func testAuthenticatingWithoutBlockingAnswersOnlyForARememberedLiveSession() throws {
        let test = try TestApp()
        let anna = try test.makeAccount()
        let authenticator = test.app.authenticator
        var headers = HTTPHeaders()
        headers.add(name: "Authorization", value: "Bearer \(anna.token)")
        // Signed in but not yet used here: the session is in the database only, and that read is not
        // taken without blocking.
        XCTAssertNil(authenticator.authenticateIfRemembered(headers))
        let caller = try authenticator.authenticate(token: anna.token)
        XCTAssertEqual(authenticator.authenticateIfRemembered(headers)?.accountID, caller.accountID)
        XCTAssertEqual(authenticator.authenticateIfRemembered(headers)?.sessionID, caller.sessionID)
        var other = HTTPHeaders()
        other.add(name: "Authorization", value: "Bearer \(anna.token)x")
        XCTAssertNil(authenticator.authenticateIfRemembered(other), "an unknown token")
        XCTAssertNil(authenticator.authenticateIfRemembered(HTTPHeaders()), "no token")
        // Past the cache bound the session must be read again, so the answer is nil until it is.
        test.clock.advance(byMilliseconds: Authenticator.sessionCacheMilliseconds)
        XCTAssertNil(authenticator.authenticateIfRemembered(headers))
        _ = try authenticator.authenticate(token: anna.token)
        XCTAssertNotNil(authenticator.authenticateIfRemembered(headers))
        authenticator.forgetSessions(of: caller.accountKey)
        XCTAssertNil(authenticator.authenticateIfRemembered(headers), "forgotten when its sessions end")
    }

    func testPasswordChangeNeedsTheCurrentPasswordAndAStrongNewOne() throws {
        let test = try TestApp()
        let anna = try test.makeAccount()
        try test.withClient { client in
            let wrong = try client.send(.put, "/v1/me/password", token: anna.token,
                body: API.PasswordChange(currentPassword: "Wrong-Horse-9", newPassword: "Battery-Staple-7"))
            XCTAssertEqual(wrong.status, .forbidden)
            let weak = try client.send(.put, "/v1/me/password", token: anna.token,
                body: API.PasswordChange(currentPassword: "Correct-Horse-9", newPassword: "weak"))
            XCTAssertEqual(weak.status, .badRequest)
            XCTAssertEqual(weak.errorField, "newPassword")
        }
    }

    func testGuessingThePasswordWithAStolenTokenIsLimited() throws {
        let test = try TestApp()
        let anna = try test.makeAccount()
        try test.withClient { client in
            let wrong = API.PasswordChange(currentPassword: "Wrong-Horse-9", newPassword: "Battery-Staple-7")
            for _ in 0..<5 {
                XCTAssertEqual(try client.send(.put, "/v1/me/password", token: anna.token, body: wrong).status, .forbidden)
            }
            let limited = try client.send(.delete, "/v1/me", token: anna.token, body: API.PasswordConfirmation(password: "Correct-Horse-9"))
            XCTAssertEqual(limited.status, .tooManyRequests)
            XCTAssertNotNil(limited.headers["Retry-After"])
        }
    }

    func testSessionsListMarksTheCurrentOneAndEndingOneStopsItsToken() throws {
        let test = try TestApp()
        try test.withClient { client in
            _ = try client.register(phone: "+442079460958")
            let phone = try client.logIn(phone: "+442079460958", deviceName: "Phone")
            let tablet = try client.logIn(phone: "+442079460958", deviceName: "Tablet")
            let list = try client.send(.get, "/v1/me/sessions", token: phone)
            XCTAssertEqual(list.status, .ok)
            let sessions = try list.decode(API.SessionList.self).sessions
            XCTAssertEqual(sessions.count, 2)
            let current = try XCTUnwrap(sessions.first { $0.current })
            XCTAssertEqual(current.deviceName, "Phone")
            let other = try XCTUnwrap(sessions.first { !$0.current })
            XCTAssertEqual(other.deviceName, "Tablet")
            XCTAssertNotNil(Timestamp(rfc3339: other.lastUsedAt))
            let id = other.id
            XCTAssertEqual(try client.send(.delete, "/v1/me/sessions/\(id)", token: phone).status, .noContent)
            XCTAssertEqual(try client.send(.get, "/v1/me", token: tablet).status, .unauthorized)
            XCTAssertEqual(try client.send(.delete, "/v1/me/sessions/\(id)", token: phone).status, .notFound)
        }
    }

    func testEndpointsWithoutATokenAnswer401() throws {
        let test = try TestApp()
        let routes: [(HTTPMethod, String)] = [
            (.get, "/v1/me"), (.patch, "/v1/me"), (.delete, "/v1/me"), (.put, "/v1/me/password"),
            (.put, "/v1/me/avatar"), (.delete, "/v1/me/avatar"), (.get, "/v1/me/sessions"),
            (.delete, "/v1/sessions/current"), (.put, "/v1/me/verification-code"),
            (.delete, "/v1/me/verification-code"), (.post, "/v1/links"), (.get, "/v1/links"),
        ]
        try test.withClient { client in
            for (method, path) in routes {
                let response = try client.send(method, path, json: "{}")
                XCTAssertEqual(response.status, .unauthorized, "\(method) \(path)")
                XCTAssertEqual(response.errorCode, "unauthorized")
            }
        }
    }

    func testABodyThatIsNotJSONAnswers415Or400() throws {
        let test = try TestApp()
        try test.withClient { client in
            let plain = try client.send(.post, "/v1/accounts", token: nil, headers: ["Content-Type": "text/plain"], body: Array("x".utf8))
            XCTAssertEqual(plain.status, .unsupportedMediaType)
            let broken = try client.send(.post, "/v1/accounts", json: "{")
            XCTAssertEqual(broken.status, .badRequest)
        }
    }
}
