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
                json: #"{"phone":"+44 (0)20 7946-0958","password":"Correct-Horse-9","name":"  Anna  "}"#)
            XCTAssertEqual(response.status, .created)
            let account = try response.object()
            XCTAssertEqual(account["phone"] as? String, "+442079460958")
            XCTAssertEqual(account["name"] as? String, "Anna")
            XCTAssertEqual((account["id"] as? String)?.count, SecureRandom.identifierCharacterCount)
            XCTAssertNotNil(Timestamp(rfc3339: account["createdAt"] as? String ?? ""))
            XCTAssertEqual(account["profile"] as? [String: String], [:])
        }
    }

    func testRegistrationRefusesATakenPhoneWith409() throws {
        let test = try TestApp()
        try test.withClient { client in
            _ = try client.register(phone: "+442079460958")
            let again = try client.send(.post, "/v1/accounts",
                json: #"{"phone":"0044 20 7946 0958","password":"Other-Horse-9","name":"Ben"}"#)
            XCTAssertEqual(again.status, .conflict)
            XCTAssertEqual(again.errorCode, "conflict")
        }
    }

    func testRegistrationNamesTheFieldAtFault() throws {
        let test = try TestApp()
        let cases: [(String, String)] = [
            (#"{"phone":"020 7946 0958","password":"Correct-Horse-9","name":"Anna"}"#, "phone"),
            (#"{"phone":"+442079460958","password":"short","name":"Anna"}"#, "password"),
            (#"{"phone":"+442079460958","password":"correct-horse-9","name":"Anna"}"#, "password"),
            (#"{"phone":"+442079460958","password":"Correct-Horse-9","name":"   "}"#, "name"),
            (#"{"phone":"+442079460958","password":"Correct-Horse-9","name":"\#(String(repeating: "a", count: 101))"}"#, "name"),
            (#"{"phone":"+442079460958","password":"Correct-Horse-9"}"#, "name"),
        ]
        try test.withClient { client in
            for (body, field) in cases {
                let response = try client.send(.post, "/v1/accounts", json: body)
                XCTAssertEqual(response.status, .badRequest, body)
                XCTAssertEqual(try response.errorField(), field, body)
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
                json: #"{"phone":"+44 20 7946 0958","password":"Correct-Horse-9","deviceName":"Anna's phone"}"#)
            XCTAssertEqual(login.status, .created)
            let body = try login.object()
            let token = try XCTUnwrap(body["token"] as? String)
            XCTAssertEqual(token.count, SecureRandom.tokenCharacterCount)
            let expiresAt = try XCTUnwrap(Timestamp(rfc3339: body["expiresAt"] as? String ?? ""))
            XCTAssertEqual(expiresAt.unixMilliseconds - test.clock.now().unixMilliseconds,
                           Int64(test.app.configuration.sessionLifetimeSeconds) * 1000)
            XCTAssertEqual((body["account"] as? [String: Any])?["phone"] as? String, "+442079460958")
            let me = try client.send(.get, "/v1/me", token: token)
            XCTAssertEqual(me.status, .ok)
            XCTAssertEqual(try me.object()["name"] as? String, "Anna")
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
                json: #"{"phone":"+442079460958","password":"Wrong-Horse-9"}"#)
            let unknownPhone = try client.send(.post, "/v1/sessions",
                json: #"{"phone":"+442079460959","password":"Correct-Horse-9"}"#)
            XCTAssertEqual(wrongPassword.status, .unauthorized)
            XCTAssertEqual(unknownPhone.status, .unauthorized)
            XCTAssertEqual(wrongPassword.body, unknownPhone.body)
        }
    }

    func testRepeatedWrongPasswordsLimitThatPhoneUntilTheWindowPasses() throws {
        let test = try TestApp()
        try test.withClient { client in
            _ = try client.register(phone: "+442079460958")
            let wrong = #"{"phone":"+442079460958","password":"Wrong-Horse-9"}"#
            for _ in 0..<5 {
                XCTAssertEqual(try client.send(.post, "/v1/sessions", json: wrong).status, .unauthorized)
            }
            let limited = try client.send(.post, "/v1/sessions",
                json: #"{"phone":"+442079460958","password":"Correct-Horse-9"}"#)
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
                let response = try client.send(.post, "/v1/sessions", json: #"{"phone":"\#(phone)","password":"Wrong-Horse-9"}"#)
                XCTAssertEqual(response.status, .unauthorized)
            }
            let limited = try client.send(.post, "/v1/sessions",
                json: #"{"phone":"+442079460958","password":"Correct-Horse-9"}"#)
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
            XCTAssertEqual(try first.object()["name"] as? String, "Anna K.")
            let profile = try XCTUnwrap(try first.object()["profile"] as? [String: Any])
            XCTAssertEqual(profile["birthYear"] as? Int, 1941)
            XCTAssertEqual(profile["weightKg"] as? Double, 58.5)
            XCTAssertEqual(profile["vehicleRegistration"] as? String, "AB12 CDE")
            let second = try client.send(.patch, "/v1/me", token: anna.token,
                json: #"{"profile":{"vehicleRegistration":null,"heightCm":163}}"#)
            let after = try XCTUnwrap(try second.object()["profile"] as? [String: Any])
            XCTAssertNil(after["vehicleRegistration"])
            XCTAssertEqual(after["heightCm"] as? Int, 163)
            XCTAssertEqual(after["birthYear"] as? Int, 1941)
            XCTAssertEqual(try second.object()["name"] as? String, "Anna K.")
            let me = try client.send(.get, "/v1/me", token: anna.token)
            XCTAssertEqual(try me.object()["profile"] as? NSDictionary, after as NSDictionary)
        }
    }

    func testPatchRefusesProfileValuesOutOfRange() throws {
        let test = try TestApp()
        let anna = try test.makeAccount()
        let cases: [(String, String)] = [
            (#"{"profile":{"birthYear":1850}}"#, "profile.birthYear"),
            (#"{"profile":{"birthYear":3000}}"#, "profile.birthYear"),
            (#"{"profile":{"heightCm":5}}"#, "profile.heightCm"),
            (#"{"profile":{"weightKg":900}}"#, "profile.weightKg"),
            (#"{"profile":{"responderNote":"\#(String(repeating: "x", count: 1001))"}}"#, "profile.responderNote"),
            (#"{"profile":{"heightCm":"tall"}}"#, "profile.heightCm"),
            (#"{"name":""}"#, "name"),
        ]
        try test.withClient { client in
            for (body, field) in cases {
                let response = try client.send(.patch, "/v1/me", token: anna.token, json: body)
                XCTAssertEqual(response.status, .badRequest, body)
                XCTAssertEqual(try response.errorField(), field, body)
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
                json: #"{"currentPassword":"Correct-Horse-9","newPassword":"Battery-Staple-7"}"#)
            XCTAssertEqual(change.status, .noContent)
            XCTAssertEqual(try client.send(.get, "/v1/me", token: kept).status, .ok)
            XCTAssertEqual(try client.send(.get, "/v1/me", token: other).status, .unauthorized)
            XCTAssertNoThrow(try client.logIn(phone: "+442079460958", password: "Battery-Staple-7"))
            let old = try client.send(.post, "/v1/sessions", json: #"{"phone":"+442079460958","password":"Correct-Horse-9"}"#)
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
                json: #"{"currentPassword":"Correct-Horse-9","newPassword":"Battery-Staple-7"}"#)
            XCTAssertEqual(change.status, .noContent)
            XCTAssertEqual(try client.send(.get, "/v1/me", token: other).status, .unauthorized)
            XCTAssertEqual(try client.send(.get, "/v1/me", token: third).status, .unauthorized)
            XCTAssertEqual(try client.send(.get, "/v1/me", token: kept).status, .ok)
            let deletion = try client.send(.delete, "/v1/me", token: kept, json: #"{"password":"Battery-Staple-7"}"#)
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
                json: #"{"currentPassword":"Wrong-Horse-9","newPassword":"Battery-Staple-7"}"#)
            XCTAssertEqual(wrong.status, .forbidden)
            let weak = try client.send(.put, "/v1/me/password", token: anna.token,
                json: #"{"currentPassword":"Correct-Horse-9","newPassword":"weak"}"#)
            XCTAssertEqual(weak.status, .badRequest)
            XCTAssertEqual(try weak.errorField(), "newPassword")
        }
    }

    func testGuessingThePasswordWithAStolenTokenIsLimited() throws {
        let test = try TestApp()
        let anna = try test.makeAccount()
        try test.withClient { client in
            let wrong = #"{"currentPassword":"Wrong-Horse-9","newPassword":"Battery-Staple-7"}"#
            for _ in 0..<5 {
                XCTAssertEqual(try client.send(.put, "/v1/me/password", token: anna.token, json: wrong).status, .forbidden)
            }
            let limited = try client.send(.delete, "/v1/me", token: anna.token, json: #"{"password":"Correct-Horse-9"}"#)
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
            let sessions = try XCTUnwrap(try list.object()["sessions"] as? [[String: Any]])
            XCTAssertEqual(sessions.count, 2)
            let current = try XCTUnwrap(sessions.first { $0["current"] as? Bool == true })
            XCTAssertEqual(current["deviceName"] as? String, "Phone")
            let other = try XCTUnwrap(sessions.first { $0["current"] as? Bool == false })
            XCTAssertEqual(other["deviceName"] as? String, "Tablet")
            XCTAssertNotNil(other["lastUsedAt"] as? String)
            let id = try XCTUnwrap(other["id"] as? String)
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

extension HTTPTestClient {
    /// Sends `json` (if any) with the bearer `token` (if any).
    func send(_ method: HTTPMethod, _ target: String, token: String? = nil, json: String? = nil) throws -> HTTPTestResponse {
        try send(method, target, token: token, headers: json == nil ? [:] : ["Content-Type": "application/json"],
                 body: Array((json ?? "").utf8))
    }

    /// Sends `body` with `headers` and the bearer `token` (if any), each request on a connection of
    /// its own, so these tests speak about the API and not about keep-alive (HomewardHTTPTests do).
    func send(_ method: HTTPMethod, _ target: String, token: String?, headers: HTTPHeaders, body: [UInt8]) throws -> HTTPTestResponse {
        var headers = headers
        if let token { headers.add(name: "Authorization", value: "Bearer \(token)") }
        headers.add(name: "Connection", value: "close")
        return try execute(method, target, headers: headers, body: body)
    }

    /// Registers an account over HTTP and returns its id.
    func register(phone: String, password: String = "Correct-Horse-9", name: String = "Anna") throws -> String {
        try send(.post, "/v1/accounts", json: #"{"phone":"\#(phone)","password":"\#(password)","name":"\#(name)"}"#)
            .string("id", expecting: .created)
    }

    /// Logs in over HTTP and returns the token.
    func logIn(phone: String, password: String = "Correct-Horse-9", deviceName: String = "test") throws -> String {
        try send(.post, "/v1/sessions",
                 json: #"{"phone":"\#(phone)","password":"\#(password)","deviceName":"\#(deviceName)"}"#)
            .string("token", expecting: .created)
    }
}

extension HTTPTestResponse {
    /// The body as a JSON object.
    func object() throws -> [String: Any] {
        try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(body)) as? [String: Any], text)
    }

    /// The text field `key` of the body; throws unless the status is `status`.
    func string(_ key: String, expecting status: HTTPStatus) throws -> String {
        guard self.status == status, let value = try object()[key] as? String else {
            throw HTTPTestError.malformedResponse("expected \(status) with `\(key)`, got \(self.status): \(text)")
        }
        return value
    }

    /// The `error.field` of an error envelope.
    func errorField() throws -> String? {
        (try object()["error"] as? [String: Any])?["field"] as? String
    }
}
