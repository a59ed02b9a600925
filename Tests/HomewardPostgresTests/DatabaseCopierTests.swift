import Foundation
import HomewardStore
import XCTest
@testable import Homeward
@testable import HomewardPostgres

final class DatabaseCopierTests: XCTestCase {
    private var directory: URL!
    private var databases: [String] = []

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("copy-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: directory)
        guard !databases.isEmpty, let admin = try? PostgresTestServer.connect() else { return }
        for name in databases { _ = try? admin.execute("DROP DATABASE IF EXISTS \(name) WITH (FORCE)") }
    }

    /// A new, empty PostgreSQL database on the test server, dropped after the test.
    private func emptyDatabase() throws -> PostgresConnection {
        let url = try PostgresTestServer.url()
        let name = "copy_" + UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased().prefix(12)
        try PostgresTestServer.connect().execute("CREATE DATABASE \(name)")
        databases.append(String(name))
        let base = try XCTUnwrap(url.range(of: "/", options: .backwards)).lowerBound
        return try PostgresConnection(url: url[..<base] + "/" + name)
    }

    /// A SQLite installation with people, a deleted account, a code, fixes with and without the
    /// optional measures, and a zone: reals, blobs, text with quotes and NULLs among them.
    private func installation(migrations: [(name: String, sql: String)] = Schema.migrations) throws -> DatabasePool {
        let pool = try DatabasePool(path: directory.appendingPathComponent("homeward.sqlite").path)
        _ = try Migrator(migrations).migrate(pool)
        guard migrations.count == Schema.migrations.count else { return pool }
        try pool.write { db in
            let hash = "$argon2id$v=19$m=8,t=1,p=1$c2FsdA$aGFzaA"
            for (key, name) in [(1, "Walter O'Brien"), (2, "Anna"), (3, "Gone")] {
                try db.execute(
                    "INSERT INTO accounts (key, id, phone, name, password_hash, weight_kg, created_at_ms, updated_at_ms) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                    key, "acct-\(key)", "+4915112345\(key)00", name, hash, key == 1 ? 71.3 : nil, 1_795_000_000_000, 1_795_000_000_000)
            }
            try db.execute("UPDATE accounts SET avatar = ?, avatar_type = 'image/png', avatar_etag = 'e1' WHERE key = 1", [UInt8](arrayLiteral: 0x89, 0x50, 0x4E, 0x47, 0, 0xFF))
            try db.execute("DELETE FROM accounts WHERE key = 3")
            try db.execute(
                "INSERT INTO verification_codes (account_key, code_sha256, expires_at_ms, created_at_ms) VALUES (1, ?, 1795000100000, 1795000000000)",
                [UInt8](repeating: 7, count: 32))
            for index in 0..<1_234 {
                try db.execute(
                    "INSERT INTO locations (account_key, t_ms, sample_hash, lat_e7, lon_e7, accuracy_dm, battery_pct) VALUES (1, ?, 0, ?, ?, ?, ?)",
                    1_795_000_000_000 + Int64(index) * 1_000, 515_012_345 + index, -1_201_000 - index,
                    index % 3 == 0 ? nil : 50 + index % 40, index % 5 == 0 ? nil : 90 - index % 50)
            }
        }
        return pool
    }

    func testACopyReadsBackEqualTableByTableAndKeysGoOnPastEveryKeyEverUsed() throws {
        let source = try installation()
        defer { try? source.close() }
        let target = try emptyDatabase()
        let tables = try DatabaseCopier.copy(from: source, to: target)

        let byName = Dictionary(uniqueKeysWithValues: tables.map { ($0.name, $0) })
        XCTAssertEqual(byName["accounts"]?.source.rows, 2)
        XCTAssertEqual(byName["locations"]?.source.rows, 1_234)
        XCTAssertEqual(byName["retired_keys"]?.source.rows, 1)
        XCTAssertEqual(byName["verification_codes"]?.source.rows, 1)
        for table in tables { XCTAssertEqual(table.copy, table.source, table.name) }
        XCTAssertNil(byName["schema_migrations"], "each database records its own migrations")
        XCTAssertEqual(try target.fetchOne("SELECT COUNT(*) FROM schema_migrations") as Int?, Schema.postgresMigrations.count)

        XCTAssertEqual(try target.fetchOne("SELECT weight_kg FROM accounts WHERE key = 1") as Double?, 71.3)
        XCTAssertEqual(try target.fetchOne("SELECT name FROM accounts WHERE key = 1") as String?, "Walter O'Brien")
        XCTAssertEqual(try target.fetchOne("SELECT avatar FROM accounts WHERE key = 1") as [UInt8]?, [0x89, 0x50, 0x4E, 0x47, 0, 0xFF])
        // Account 3 was deleted in SQLite: PostgreSQL's next account key is past it too.
        let next: Int64? = try target.fetchOne(
            """
            INSERT INTO accounts (id, phone, name, password_hash, created_at_ms, updated_at_ms)
            VALUES ('acct-new', '+49151123459900', 'New', '$argon2id$v=19$m=8,t=1,p=1$c2FsdA$aGFzaA', 1, 1) RETURNING key
            """)
        XCTAssertEqual(next, 4)
    }

    func testACopyGoesOnlyIntoAnEmptyDatabaseAndOnlyFromAMigratedFile() throws {
        let source = try installation()
        defer { try? source.close() }
        let target = try emptyDatabase()
        _ = try DatabaseCopier.copy(from: source, to: target)
        XCTAssertThrowsError(try DatabaseCopier.copy(from: source, to: target)) { error in
            guard case .targetNotEmpty = error as? DatabaseCopyError else { return XCTFail("\(error)") }
        }
        XCTAssertEqual(try target.fetchOne("SELECT COUNT(*) FROM locations") as Int?, 1_234, "the refused copy added nothing")
    }

    func testAFileBehindThisBinarysMigrationsIsRefusedBeforeAnythingIsCopied() throws {
        let source = try installation(migrations: Array(Schema.migrations.dropLast()))
        defer { try? source.close() }
        let target = try emptyDatabase()
        XCTAssertThrowsError(try DatabaseCopier.copy(from: source, to: target)) { error in
            XCTAssertEqual(error as? DatabaseCopyError, .sourceNotMigrated(pending: [Schema.migrations.last!.name]))
        }
    }

    func testAChecksumDoesNotDependOnRowOrderButOnEveryValueAndType() {
        var forward = TableChecksum(), backward = TableChecksum()
        let rows: [[DatabaseValue]] = [[.integer(1), .text("a"), .null], [.integer(2), .real(0.5), .blob([1, 2])]]
        rows.forEach { forward.add($0) }
        rows.reversed().forEach { backward.add($0) }
        XCTAssertEqual(forward, backward)
        XCTAssertEqual(forward.rows, 2)
        var changed = TableChecksum()
        changed.add([.integer(1), .text("a"), .null])
        changed.add([.integer(2), .real(0.5), .blob([1, 3])])
        XCTAssertNotEqual(changed, forward)
        var retyped = TableChecksum(), original = TableChecksum()
        retyped.add([.real(1)])
        original.add([.integer(1)])
        XCTAssertNotEqual(retyped, original, "1 and 1.0 are different values to copy")
    }
}
