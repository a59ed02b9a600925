import XCTest
import HomewardHTTP
@testable import Homeward

final class AuthenticatorTests: XCTestCase {
    func testValidTokenNamesItsAccount() throws {
        let test = try TestApp()
        let anna = try test.makeAccount(name: "Anna")
        let caller = try test.app.authenticator.authenticate(token: anna.token)
        XCTAssertEqual(caller.accountKey, anna.key)
        XCTAssertEqual(caller.accountID, anna.id)
        XCTAssertNotNil(test.app.presence.lastSeen(anna.key))
    }

    func testUnknownTokenIsUnauthorized() throws {
        let test = try TestApp()
        XCTAssertThrowsError(try test.app.authenticator.authenticate(token: "not-a-token")) { error in
            XCTAssertEqual((error as? HTTPError)?.status, .unauthorized)
        }
    }

    func testTokenExpiresAfterItsLifetimeWithoutUse() throws {
        let test = try TestApp { $0.sessionLifetimeSeconds = 3600 }
        let anna = try test.makeAccount()
        test.clock.advance(bySeconds: 3601)
        XCTAssertThrowsError(try test.app.authenticator.authenticate(token: anna.token))
    }

    func testUseSlidesTheExpiry() throws {
        let test = try TestApp { $0.sessionLifetimeSeconds = 3600 }
        let anna = try test.makeAccount()
        test.clock.advance(bySeconds: 3000)
        XCTAssertNoThrow(try test.app.authenticator.authenticate(token: anna.token))
        test.clock.advance(bySeconds: 3000)
        XCTAssertNoThrow(try test.app.authenticator.authenticate(token: anna.token))
    }

    func testBearerTokenIsReadFromTheAuthorizationField() {
        XCTAssertEqual(Authenticator.bearerToken(in: ["Authorization": "Bearer abc"]), "abc")
        XCTAssertEqual(Authenticator.bearerToken(in: ["Authorization": "bearer  abc"]), "abc")
        XCTAssertNil(Authenticator.bearerToken(in: ["Authorization": "Basic abc"]))
        XCTAssertNil(Authenticator.bearerToken(in: ["Authorization": "Bearer"]))
        XCTAssertNil(Authenticator.bearerToken(in: [:]))
        XCTAssertEqual(Authenticator.bearerToken(in: ["Authorization": "BEARER x-y_z"]), "x-y_z")
        XCTAssertNil(Authenticator.bearerToken(in: ["Authorization": "Bearer a b"]))
        XCTAssertNil(Authenticator.bearerToken(in: ["Authorization": "Bearerabc"]))
        XCTAssertNil(Authenticator.bearerToken(in: ["Authorization": "Bearer "]))
        XCTAssertNil(Authenticator.bearerToken(in: ["Authorization": "Bear abc"]))
        XCTAssertNil(Authenticator.bearerToken(in: ["Authorization": "Bëarer abc"]))
    }

    func testAccessPolicyHidesStrangersAndShowsDependents() throws {
        let test = try TestApp()
        let guardian = try test.makeAccount(name: "Guardian")
        let dependent = try test.makeAccount(name: "Dependent")
        let stranger = try test.makeAccount(name: "Stranger")
        try test.link(guardian: guardian, dependent: dependent)
        let policy = test.app.accessPolicy
        let asGuardian = try test.app.authenticator.authenticate(token: guardian.token)
        let asStranger = try test.app.authenticator.authenticate(token: stranger.token)
        try test.app.database.read { db in
            XCTAssertEqual(try policy.visibleAccount(dependent.id, to: asGuardian, in: db), dependent.key)
            XCTAssertEqual(try policy.visibleAccount(guardian.id, to: asGuardian, in: db), guardian.key)
            XCTAssertThrowsError(try policy.visibleAccount(dependent.id, to: asStranger, in: db)) { error in
                XCTAssertEqual((error as? HTTPError)?.status, .notFound)
            }
            XCTAssertThrowsError(try policy.visibleAccount("no-such-account", to: asGuardian, in: db)) { error in
                XCTAssertEqual((error as? HTTPError)?.status, .notFound)
            }
            XCTAssertEqual(try policy.dependents(of: asGuardian, in: db), [dependent.key])
            XCTAssertEqual(try policy.watchers(of: dependent.key, in: db), [guardian.key])
        }
    }
}
