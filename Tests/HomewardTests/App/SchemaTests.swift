import XCTest
import HomewardStore
@testable import Homeward

/// The migrations in schema/ are the one source of truth for the database: they apply in order on a
/// fresh file, apply nothing twice, and keep the data model readable (STRICT tables, every column
/// commented).
final class SchemaTests: XCTestCase {
    private func temporaryDatabasePath() throws -> String {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("homeward-schema-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: directory) }
        return directory.appendingPathComponent("schema.sqlite").path
    }

    func testEmbeddedMigrationsApplyOnAFreshDatabaseAndOnlyOnce() throws {
        let path = try temporaryDatabasePath()
        let migrator = try Migrator(Schema.migrations)
        let pool = try DatabasePool(path: path)
        let applied = try migrator.migrate(pool)
        XCTAssertEqual(applied.map(\.name), Schema.migrations.map(\.name))
        XCTAssertEqual(try migrator.migrate(pool).count, 0)
        try pool.close()

        let reopened = try DatabasePool(path: path)
        XCTAssertEqual(try migrator.migrate(reopened).count, 0)
        XCTAssertEqual(try Migrator.appliedMigrations(in: reopened).count, Schema.migrations.count)
        try reopened.close()
    }

    /// 0015 opens the set of alert types by editing the stored table text: a database made by the
    /// binary before it keeps its alerts, takes a `new_guardian` alert on the very connection that
    /// migrated it, and still refuses an empty type.
    func testADatabaseFromBeforeChosenCodesTakesNewAlertTypesOnTheConnectionThatMigratedIt() throws {
        let path = try temporaryDatabasePath()
        let pool = try DatabasePool(path: path)
        defer { try? pool.close() }
        let before = Schema.migrations.filter { $0.name < "0015" }
        try Migrator(before).migrate(pool)
        let insert = "INSERT INTO alerts (id, account_key, type, status, cause, created_at_ms) VALUES (?, 1, ?, 'open', ?, 1)"
        try pool.write { db in
            try db.execute(
                "INSERT INTO accounts (key, id, phone, name, password_hash, created_at_ms, updated_at_ms) VALUES (1, 'a1', '+4915100000001', 'A', '$argon2id$x', 1, 1)")
            try db.execute(insert, "old", "sos", "sos:old")
        }
        XCTAssertThrowsError(try pool.write { db in try db.execute(insert, "early", "new_guardian", "link:early") })

        let applied = try Migrator(Schema.migrations).migrate(pool)
        XCTAssertTrue(applied.map(\.name).contains("0015_chosen_codes"))
        try pool.write { db in try db.execute(insert, "news", "new_guardian", "link:1") }
        XCTAssertThrowsError(try pool.write { db in try db.execute(insert, "empty", "", "x") })
        let kept: Int64? = try pool.read { db in try db.fetchOne("SELECT count(*) FROM alerts", []) }
        XCTAssertEqual(kept, 2)
        let check: String? = try pool.read { db in try db.fetchOne("PRAGMA quick_check", []) }
        XCTAssertEqual(check, "ok")
    }

    /// 0019 opens the set of channel kinds the same way: a database made before it keeps its
    /// channels, takes a kind no list names on the connection that migrated it, and still refuses an
    /// empty kind.
    func testADatabaseFromBeforeOpenChannelKindsTakesANewKindOnTheConnectionThatMigratedIt() throws {
        let path = try temporaryDatabasePath()
        let pool = try DatabasePool(path: path)
        defer { try? pool.close() }
        try Migrator(Schema.migrations.filter { $0.name < "0019" }).migrate(pool)
        let insert = """
            INSERT INTO notification_channels (id, account_key, kind, settings, created_at_ms, updated_at_ms)
            VALUES (?, 1, ?, '{}', 1, 1)
            """
        try pool.write { db in
            try db.execute(
                "INSERT INTO accounts (key, id, phone, name, password_hash, created_at_ms, updated_at_ms) VALUES (1, 'a1', '+4915100000001', 'A', '$argon2id$x', 1, 1)")
            try db.execute(insert, "old", "ntfy")
        }
        XCTAssertThrowsError(try pool.write { db in try db.execute(insert, "early", "pager") })

        let applied = try Migrator(Schema.migrations.filter { $0.name < "0020" }).migrate(pool)
        XCTAssertEqual(applied.map(\.name), ["0019_open_channel_kinds"])
        try pool.write { db in try db.execute(insert, "new", "pager") }
        XCTAssertThrowsError(try pool.write { db in try db.execute(insert, "empty", "") })
        let kept: Int64? = try pool.read { db in try db.fetchOne("SELECT count(*) FROM notification_channels", []) }
        XCTAssertEqual(kept, 2)
        let check: String? = try pool.read { db in try db.fetchOne("PRAGMA quick_check", []) }
        XCTAssertEqual(check, "ok")
    }

    func testTheBinaryCarriesThePostgreSQLDialectOfEveryMigration() {
        XCTAssertEqual(Schema.postgresMigrations.map(\.name), Schema.migrations.map(\.name))
        for (name, sql) in Schema.postgresMigrations {
            // Each file says in its header what differs from the SQLite migration and why.
            XCTAssertTrue(sql.hasPrefix("-- PostgreSQL dialect of schema/\(name).sql"), "\(name) lacks its header")
        }
    }

    func testEveryTableIsStrict() throws {
        let path = try temporaryDatabasePath()
        let pool = try DatabasePool(path: path)
        defer { try? pool.close() }
        try Migrator(Schema.migrations).migrate(pool)
        let tables: [(String, Int64)] = try pool.read { db in
            try db.fetchAll("SELECT name, strict FROM pragma_table_list WHERE type = 'table' AND schema = 'main' AND name NOT LIKE 'sqlite_%'") { row in
                (try row.value(at: 0) as String, try row.value(at: 1) as Int64)
            }
        }
        XCTAssertFalse(tables.isEmpty)
        for (name, strict) in tables {
            XCTAssertEqual(strict, 1, "table \(name) is not STRICT")
        }
    }

    func testEveryTableAndColumnIsCommented() {
        let columnTypes: Set<String> = ["INTEGER", "TEXT", "REAL", "BLOB", "ANY"]
        for (name, sql) in Schema.migrations {
            var inTable = false
            var previousLine = ""
            var uncommentedColumn: String?
            func closeColumn() {
                if let column = uncommentedColumn {
                    XCTFail("\(name): column without a comment: \(column)")
                }
                uncommentedColumn = nil
            }
            for rawLine in sql.split(separator: "\n", omittingEmptySubsequences: false) {
                let line = rawLine.trimmingCharacters(in: .whitespaces)
                let words = line.split(separator: " ", omittingEmptySubsequences: true)
                if line.uppercased().hasPrefix("CREATE TABLE") {
                    XCTAssertTrue(previousLine.hasPrefix("--"), "\(name): no comment above \(line)")
                    inTable = true
                } else if inTable, line.hasPrefix(")") {
                    closeColumn()
                    inTable = false
                } else if inTable, words.count >= 2, columnTypes.contains(words[1].uppercased()) {
                    closeColumn()
                    if !line.contains("--") { uncommentedColumn = line }
                } else if inTable, line.contains("--") {
                    uncommentedColumn = nil
                }
                if !line.isEmpty { previousLine = line }
            }
        }
    }
}
