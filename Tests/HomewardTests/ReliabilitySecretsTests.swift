import Foundation
import Homeward
import HomewardHTTP
import HomewardHTTPTesting
import XCTest

/// Secrets at rest: tokens, codes and keys only as keyed digests in the database file, passwords
/// only as argon2id strings, and no secret in any log line (at trace level).
final class ReliabilitySecretsTests: XCTestCase {
    func testTokensCodesAndPasswordsAreStoredOnlyAsDigestsAndNeverLogged() throws {
        let log = CapturedLog()
        let logger = log.logger(label: "homeward.reliability")
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("homeward-secrets-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        var configuration = AppConfiguration()
        configuration.databasePath = directory.appendingPathComponent("homeward.sqlite").path
        configuration.port = 0
        configuration.passwordHashIterations = 1
        configuration.passwordHashMemoryBytes = 8192
        let app = try HomewardApp(configuration: configuration, logger: logger)
        let password = "Secret-Horse-\(UUID().uuidString.prefix(8))"
        var secrets: [String] = [password]
        try HTTPTestClient.withServer(app.makeRouter(), mode: .live, logger: logger) { client in
            _ = try client.register(phone: "+447700900111", password: password)
            _ = try client.register(phone: "+447700900222", password: password)
            let token = try client.logIn(phone: "+447700900111", password: password)
            let other = try client.logIn(phone: "+447700900222", password: password)
            let code = try client.send(.put, "/v1/me/verification-code", token: token, body: API.CodeSetting()).string("code", expecting: .ok)
            XCTAssertEqual(try client.send(.post, "/v1/links", token: other,
                body: API.LinkRequest(phone: "+447700900111", code: code)).status, .created)
            let chosen = "chosen-\(UUID().uuidString.prefix(12))"
            XCTAssertEqual(try client.send(.put, "/v1/me/verification-code", token: token,
                body: API.CodeSetting(code: chosen)).status, .ok)
            let deviceKey = try client.send(.post, "/v1/me/devices", token: token, body: API.DeviceRequest(name: "tablet"))
                .string("key", expecting: .created)
            let share = try client.send(.post, "/v1/shares", token: token,
                body: API.ShareRequest(scope: "locations", expiresInSeconds: 3600)).string("token", expecting: .created)
            XCTAssertEqual(try client.send(.get, "/v1/shared/\(share)/locations").status, .ok)
            XCTAssertEqual(try client.send(.get, "/v1/links", token: "wrong-\(token)").status, .unauthorized)
            secrets += [token, other, code, chosen, deviceKey, share]
        }
        let hashes = try app.database.read { db in
            try db.fetchAll("SELECT password_hash FROM accounts") { row in try row.value(at: 0) as String }
        }
        try app.close()
        XCTAssertEqual(hashes.count, 2)
        for hash in hashes { XCTAssertTrue(hash.hasPrefix("$argon2id$v=19$"), hash) }
        var stored: [UInt8] = []
        for suffix in ["", "-wal", "-shm"] {
            stored += (try? Data(contentsOf: URL(fileURLWithPath: configuration.databasePath + suffix))).map { Array($0) } ?? []
        }
        XCTAssertGreaterThan(stored.count, 0)
        let logs = log.lines
        XCTAssertFalse(logs.isEmpty)
        for secret in secrets {
            XCTAssertFalse(Self.bytes(stored, contain: Array(secret.utf8)), "the database file holds the secret \(secret)")
            XCTAssertFalse(logs.contains { $0.contains(secret) }, "a log line holds the secret \(secret)")
        }
    }

    private static func bytes(_ haystack: [UInt8], contain needle: [UInt8]) -> Bool {
        guard !needle.isEmpty, haystack.count >= needle.count else { return false }
        return (0...(haystack.count - needle.count)).contains { start in
            haystack[start] == needle[0] && Array(haystack[start..<(start + needle.count)]) == needle
        }
    }
}
