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

    func testSessionsUsedTogetherAreSlidAndTheirAccountsSeenInTheDatabase() throws {
        let test = try TestApp { $0.sessionLifetimeSeconds = 3600 }
        let people = try (0..<5).map { index in try test.makeAccount(name: "Person \(index)") }
        // A sighting already later than this minute's is not moved back.
        let later = test.clock.now().unixMilliseconds + 3_600_000
        try test.app.database.write { db in try db.execute("UPDATE accounts SET last_seen_at_ms = ? WHERE key = ?", later, people[4].key) }
        test.clock.advance(bySeconds: 120)
        let now = test.clock.now().unixMilliseconds
        for person in people { XCTAssertNoThrow(try test.app.authenticator.authenticate(token: person.token)) }
        func stored(_ person: TestApp.Account) throws -> (used: Int64, expires: Int64, seen: Int64?) {
            try test.app.database.read { db in
                try db.fetchOne(
                    """
                    SELECT s.last_used_at_ms, s.expires_at_ms, a.last_seen_at_ms FROM sessions s
                    JOIN accounts a ON a.key = s.account_key WHERE a.key = ?
                    """, [person.key]
                ) { row in
                    (try row.value(named: "last_used_at_ms") as Int64, try row.value(named: "expires_at_ms") as Int64,
                     try row.value(named: "last_seen_at_ms") as Int64?)
                }
            }!
        }
        XCTAssertTrue(try Deadline.waitUntil { try people.allSatisfy { try stored($0).used == now } })
        for person in people.prefix(4) {
            let row = try stored(person)
            XCTAssertEqual(row.expires, now + 3_600_000)
            XCTAssertEqual(row.seen, now)
        }
        XCTAssertEqual(try stored(people[4]).seen, later)
    }

    func testASessionEndedBeforeItsSlideIsWrittenIsLeftOutAndTheOthersAreWritten() throws {
        let test = try TestApp { $0.sessionLifetimeSeconds = 3600 }
        let anna = try test.makeAccount(name: "Anna")
        let ben = try test.makeAccount(name: "Ben")
        let sessionID: (TestApp.Account) throws -> String = { person in
            try test.app.database.read { db in
                try db.fetchOne("SELECT id FROM sessions WHERE account_key = ?", [person.key]) { row in try row.value(named: "id") as String }
            }!
        }
        let touches = SessionTouches(database: test.app.database)
        let annaSession = try sessionID(anna)
        try test.app.database.write { db in try db.execute("DELETE FROM sessions WHERE id = ?", annaSession) }
        let now = test.clock.now().unixMilliseconds, expiresAt = test.clock.now().unixMilliseconds + 9_000
        touches.note(.init(sessionID: annaSession, account: anna.key, at: now, expiresAt: expiresAt))
        touches.note(.init(sessionID: try sessionID(ben), account: ben.key, at: now, expiresAt: expiresAt))
        XCTAssertTrue(try Deadline.waitUntil {
            try test.app.database.read { db in
                try db.fetchOne("SELECT expires_at_ms FROM sessions WHERE account_key = ?", [ben.key]) { row in
                    try row.value(named: "expires_at_ms") as Int64
                }
            } == expiresAt
        })
        let annaSessions: Int64? = try test.app.database.read { db in
            try db.fetchOne("SELECT count(*) AS n FROM sessions WHERE account_key = ?", [anna.key]) { row in try row.value(named: "n") as Int64 }
        }
        XCTAssertEqual(annaSessions, 0)
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
