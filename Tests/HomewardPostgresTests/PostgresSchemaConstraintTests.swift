import Foundation
import HomewardStore
import XCTest
@testable import HomewardPostgres

/// The translated parts of the PostgreSQL dialect behave as the SQLite originals: GLOB checks,
/// json_valid, BLOB lengths, keys that are never reused, cascades, and the admin views' UTC text.
final class PostgresSchemaConstraintTests: XCTestCase {
    private let hash = "$argon2id$v=19$m=19456,t=2,p=1$c2FsdA$aGFzaA"

    private func migratedConnection() throws -> PostgresConnection {
        let schema = try PostgresTestSchema()
        addTeardownBlock { try? schema.drop() }
        let connection = try schema.connect()
        try PostgresMigrator(PostgresSchemaFiles.migrations()).migrate(connection)
        return connection
    }

    private func insertAccount(_ db: PostgresConnection, id: String, phone: String, passwordHash: String? = nil) throws -> Int {
        let key: Int? = try db.fetchOne(
            "INSERT INTO accounts (id, phone, name, password_hash, created_at_ms, updated_at_ms) "
                + "VALUES ($1, $2, 'Anna', $3, 0, 0) RETURNING key",
            [id, phone, passwordHash ?? hash])
        return try XCTUnwrap(key)
    }

    private func assertCheckViolation(_ expression: @autoclosure () throws -> Any, line: UInt = #line) {
        XCTAssertThrowsError(try expression(), line: line) { error in
            XCTAssertEqual((error as? PostgresError)?.sqlState, "23514", "\(error)", line: line)
        }
    }

    func testTheGlobChecksAcceptAndRefuseWhatSQLitesDo() throws {
        let db = try migratedConnection()
        _ = try insertAccount(db, id: "a1", phone: "+442079460958")
        assertCheckViolation(try insertAccount(db, id: "a2", phone: "+042079460958"))
        assertCheckViolation(try insertAccount(db, id: "a3", phone: "+44207946095x"))
        assertCheckViolation(try insertAccount(db, id: "a4", phone: "442079460958"))
        assertCheckViolation(try insertAccount(db, id: "a5", phone: "+4420794609581234567"))
        assertCheckViolation(try insertAccount(db, id: "a6", phone: "+442079460959", passwordHash: "$argon2i$v=19$x"))
        let key = try insertAccount(db, id: "a7", phone: "+442079460959")

        let zone = "INSERT INTO zones (id, account_key, name, center_lat, center_lon, radius_m, arrive_by, created_at_ms) "
            + "VALUES ($1, $2, 'Home', 51.5, -0.1, 100, $3, 0)"
        try db.execute(zone, arguments: ["z1", key, "08:30"])
        assertCheckViolation(try db.execute(zone, arguments: ["z2", key, "8:30"]))
        assertCheckViolation(try db.execute(zone, arguments: ["z3", key, "08:30 "]))
        assertCheckViolation(try db.execute(zone, arguments: ["z4", key, "08:60"]))

        let webhook = "INSERT INTO webhooks (account_key, url, secret, created_at_ms, updated_at_ms) VALUES ($1, $2, 's', 0, 0)"
        assertCheckViolation(try db.execute(webhook, arguments: [key, "ftp://example.org/"]))
        try db.execute(webhook, arguments: [key, "https://example.org/hook"])
    }

    func testJSONAndBlobLengthChecks() throws {
        let db = try migratedConnection()
        let key = try insertAccount(db, id: "a1", phone: "+442079460958")
        let report = "INSERT INTO client_reports (account_key, client, kind, t_ms, body, received_at_ms) VALUES ($1, 'osmand', 'alarm', 0, $2, 0)"
        try db.execute(report, arguments: [key, #"{"alarm": "fall", "text": "\u0000"}"#])
        assertCheckViolation(try db.execute(report, arguments: [key, "{not json"]))
        assertCheckViolation(try db.execute(report, arguments: [key, ""]))

        let session = "INSERT INTO sessions (id, account_key, token_sha256, created_at_ms, last_used_at_ms, expires_at_ms) VALUES ($1, $2, $3, 0, 0, 1)"
        try db.execute(session, arguments: ["s1", key, [UInt8](repeating: 7, count: 32)])
        assertCheckViolation(try db.execute(session, arguments: ["s2", key, [UInt8](repeating: 8, count: 31)]))
    }

    func testKeysAreNeverReusedAndDeletionsCascadeAndAreRecorded() throws {
        let db = try migratedConnection()
        let first = try insertAccount(db, id: "a1", phone: "+442079460958")
        let second = try insertAccount(db, id: "a2", phone: "+442079460959")
        try db.execute("INSERT INTO sessions (id, account_key, token_sha256, created_at_ms, last_used_at_ms, expires_at_ms) VALUES ('s', $1, $2, 0, 0, 1)", arguments: [second, [UInt8](repeating: 1, count: 32)])
        try db.execute("DELETE FROM accounts WHERE key = $1", arguments: [second])
        XCTAssertEqual(try db.fetchOne("SELECT count(*) FROM sessions") as Int?, 0)
        XCTAssertEqual(try db.fetchOne("SELECT highest_key FROM retired_keys WHERE aggregate = 'accounts'") as Int?, second)

        let third = try insertAccount(db, id: "a3", phone: "+442079460959")
        XCTAssertGreaterThan(third, second)
        try db.execute("DELETE FROM accounts WHERE key = $1", arguments: [first])
        XCTAssertEqual(try db.fetchOne("SELECT highest_key FROM retired_keys WHERE aggregate = 'accounts'") as Int?, second)
        // A key cannot be chosen by a statement: the sequence alone gives them out.
        XCTAssertThrowsError(try db.execute(
            "INSERT INTO accounts (key, id, phone, name, password_hash, created_at_ms, updated_at_ms) VALUES ($1, 'a4', '+442079460957', 'B', $2, 0, 0)",
            arguments: [first, hash])) { error in
            XCTAssertEqual((error as? PostgresError)?.sqlState, "428C9")
        }
    }

    func testTheAdminViewsShowUTCTextAndNullWhereSQLiteDoes() throws {
        let db = try migratedConnection()
        let key = try insertAccount(db, id: "a1", phone: "+442079460958")
        try db.execute("UPDATE accounts SET last_seen_at_ms = 1234567890123 WHERE key = $1", arguments: [key])
        XCTAssertEqual(try db.fetchOne("SELECT last_seen_utc FROM admin_account_counts") as String?, "2009-02-13T23:31:30.123Z")
        try db.execute("""
            INSERT INTO trips (id, account_key, status, mode, destination_lat, destination_lon, access_code_sha256,
                               started_at_ms, updated_at_ms, stall_reference_at_ms)
            VALUES ('t1', $1, 'active', 'walking', 51.5, -0.1, $2, 0, 0, 0)
            """, arguments: [key, [UInt8](repeating: 2, count: 32)])
        let trip = try XCTUnwrap(try db.fetchOne("SELECT started_at_utc, eta_utc, minutes_overdue FROM admin_active_trips") { row in
            (try row.value(named: "started_at_utc") as String, try row.value(named: "eta_utc") as String?,
             try row.value(named: "minutes_overdue") as Int?)
        })
        XCTAssertEqual(trip.0, "1970-01-01T00:00:00.000Z")
        XCTAssertNil(trip.1)
        XCTAssertNil(trip.2)
    }
}
