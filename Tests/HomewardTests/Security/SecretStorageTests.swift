import Foundation
import HomewardHTTP
import HomewardHTTPTesting
import HomewardStore
import Logging
import XCTest
@testable import Homeward

/// Codes, tokens and keys are stored under HMAC-SHA256 with a server secret kept in a file of mode
/// 0600 beside the database; a bad, missing or foreign secret stops the start with a clear error;
/// rows stored under the old plain SHA-256 keep working and are rewritten on first use.
final class SecretStorageTests: XCTestCase {
    private var directory: URL!

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("homeward-secret-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: directory)
    }

    private var configuration: AppConfiguration {
        var configuration = AppConfiguration()
        configuration.databasePath = directory.appendingPathComponent("homeward.sqlite").path
        configuration.port = 0
        configuration.passwordHashIterations = 1
        configuration.passwordHashMemoryBytes = 8192
        return configuration
    }

    private func start(_ configuration: AppConfiguration) throws -> HomewardApp {
        try HomewardApp(configuration: configuration, logger: Logger(label: "test", factory: { _ in SwiftLogNoOpLogHandler() }))
    }

    private func startError(_ configuration: AppConfiguration) -> ServerSecretError? {
        do {
            let app = try start(configuration)
            try? app.close()
            return nil
        } catch {
            return error as? ServerSecretError
        }
    }

    func testTheSecretIsCreatedBesideTheDatabaseForItsOwnerOnly() throws {
        let app = try start(configuration)
        try app.close()
        let path = configuration.databasePath + ".secret"
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        XCTAssertEqual((attributes[.posixPermissions] as? NSNumber)?.intValue, 0o600)
        let text = try String(contentsOfFile: path, encoding: .utf8)
        XCTAssertEqual(text.trimmingCharacters(in: .newlines).count, 2 * ServerSecret.byteCount)
        // The same file serves the next start.
        try start(configuration).close()
        XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), text)
    }

    func testASecretFileNamedByTheFlagIsUsed() throws {
        var configuration = configuration
        configuration.secretFilePath = directory.appendingPathComponent("elsewhere.key").path
        try start(configuration).close()
        XCTAssertTrue(FileManager.default.fileExists(atPath: configuration.secretFilePath!))
        XCTAssertFalse(FileManager.default.fileExists(atPath: configuration.databasePath + ".secret"))
    }

    func testABadMissingOrForeignSecretStopsTheStartWithAClearError() throws {
        try start(configuration).close()
        let path = configuration.databasePath + ".secret"
        let original = try String(contentsOfFile: path, encoding: .utf8)

        chmod(path, 0o644)
        XCTAssertEqual(startError(configuration), .wrongMode(path: path, mode: 0o644))
        XCTAssertTrue(ServerSecretError.wrongMode(path: path, mode: 0o644).description.contains("chmod 600"))
        chmod(path, 0o600)

        try "not hex".write(toFile: path, atomically: false, encoding: .utf8)
        XCTAssertEqual(startError(configuration), .malformed(path: path))

        try String(repeating: "ab", count: ServerSecret.byteCount).write(toFile: path, atomically: false, encoding: .utf8)
        XCTAssertEqual(startError(configuration), .mismatch(path: path))

        try FileManager.default.removeItem(atPath: path)
        XCTAssertEqual(startError(configuration), .missing(path: path))
        XCTAssertFalse(FileManager.default.fileExists(atPath: path), "a new secret must not be made for a database that had one")

        try original.write(toFile: path, atomically: false, encoding: .utf8)
        chmod(path, 0o600)
        try start(configuration).close()
    }

    func testTheDatabaseHoldsKeyedDigestsNotPlainSHA256() throws {
        let test = try TestApp()
        let anna = try test.makeAccount()
        try test.withClient { client in
            let code = try client.send(.put, "/v1/me/verification-code", token: anna.token, body: API.CodeSetting()).string("code", expecting: .ok)
            let key = try client.send(.post, "/v1/me/devices", token: anna.token, body: API.DeviceRequest(name: "Phone")).string("key", expecting: .created)
            let share = try client.send(.post, "/v1/shares", token: anna.token,
                body: API.ShareRequest(scope: "locations", expiresInSeconds: 3600)).string("token", expecting: .created)
            let token = try client.logIn(phone: anna.phone)
            let stored = try test.app.database.read { db in
                (code: try db.fetchOne("SELECT code_sha256 FROM verification_codes") as [UInt8]?,
                 key: try db.fetchOne("SELECT key_sha256 FROM devices") as [UInt8]?,
                 share: try db.fetchOne("SELECT token_sha256 FROM shares") as [UInt8]?,
                 sessions: try db.fetchAll("SELECT token_sha256 FROM sessions") as [[UInt8]])
            }
            XCTAssertEqual(stored.code, test.app.secrets.digest(code))
            XCTAssertNotEqual(stored.code, SecretDigest.sha256(code))
            XCTAssertEqual(stored.key, test.app.secrets.digest(key))
            XCTAssertNotEqual(stored.key, SecretDigest.sha256(key))
            XCTAssertEqual(stored.share, test.app.secrets.digest(share))
            XCTAssertTrue(stored.sessions.contains(test.app.secrets.digest(token)))
            XCTAssertFalse(stored.sessions.contains(SecretDigest.sha256(token)))
        }
    }

    func testSecretsStoredBeforeKeyedDigestsStillWorkAndAreRewrittenOnFirstUse() throws {
        let test = try TestApp()
        let anna = try test.makeAccount()
        let ben = try test.makeAccount()
        let (token, key, share, code) = (SecureRandom.token(), SecureRandom.token(), SecureRandom.token(), "777123")
        let now = test.clock.now().unixMilliseconds
        try test.app.database.write { db in
            try db.execute(
                """
                INSERT INTO sessions (id, account_key, token_sha256, device_name, created_at_ms, last_used_at_ms, expires_at_ms)
                VALUES (?, ?, ?, 'old', ?, ?, ?)
                """, SecureRandom.identifier(), anna.key, SecretDigest.sha256(token), now, now, now + 3_600_000)
            try db.execute(
                "INSERT INTO devices (id, account_key, name, key_sha256, created_at_ms, reads_others) VALUES (?, ?, 'old', ?, ?, 1)",
                SecureRandom.identifier(), anna.key, SecretDigest.sha256(key), now)
            try db.execute(
                "INSERT INTO shares (id, account_key, scope, token_sha256, created_at_ms, expires_at_ms) VALUES (?, ?, 'locations', ?, ?, ?)",
                SecureRandom.identifier(), anna.key, SecretDigest.sha256(share), now, now + 3_600_000)
            try db.execute(
                "INSERT INTO verification_codes (account_key, code_sha256, expires_at_ms, created_at_ms) VALUES (?, ?, ?, ?)",
                anna.key, SecretDigest.sha256(code), now + 3_600_000, now)
        }
        try test.withClient { client in
            XCTAssertEqual(try client.send(.get, "/v1/me", token: token).status, .ok)
            XCTAssertEqual(try client.send(.get, "/v1/me", token: token).status, .ok)
            XCTAssertEqual(try client.execute(.post, "/v1/clients/owntracks", headers: ["Authorization": "Bearer \(key)"]).status, .ok)
            XCTAssertEqual(try client.send(.get, "/v1/shared/\(share)/locations").status, .ok)
            XCTAssertEqual(try client.send(.post, "/v1/links", token: ben.token,
                body: API.LinkRequest(phone: anna.phone, code: code)).status, .created)
        }
        let rows = try test.app.database.read { db in
            (session: try db.fetchOne("SELECT count(*) FROM sessions WHERE token_sha256 = ?", [test.app.secrets.digest(token)]) as Int64?,
             device: try db.fetchOne("SELECT count(*) FROM devices WHERE key_sha256 = ?", [test.app.secrets.digest(key)]) as Int64?,
             share: try db.fetchOne("SELECT count(*) FROM shares WHERE token_sha256 = ?", [test.app.secrets.digest(share)]) as Int64?,
             legacy: try db.fetchOne(
                "SELECT (SELECT count(*) FROM sessions WHERE token_sha256 = ?1) + (SELECT count(*) FROM devices WHERE key_sha256 = ?2) + (SELECT count(*) FROM shares WHERE token_sha256 = ?3)",
                [SecretDigest.sha256(token), SecretDigest.sha256(key), SecretDigest.sha256(share)]) as Int64?)
        }
        XCTAssertEqual(rows.session, 1)
        XCTAssertEqual(rows.device, 1)
        XCTAssertEqual(rows.share, 1)
        XCTAssertEqual(rows.legacy, 0)
    }
}
