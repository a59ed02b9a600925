import XCTest
import HomewardStore
import SchemaDialect
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

    /// 0023 opens the client formats the same way: a database made before it keeps its reports and
    /// devices, takes a client, a kind of report and a setup app no list names on the connection that
    /// migrated it, and still refuses empty ones.
    func testADatabaseFromBeforeOpenClientFormatsTakesNewFormatsOnTheConnectionThatMigratedIt() throws {
        let path = try temporaryDatabasePath()
        let pool = try DatabasePool(path: path)
        defer { try? pool.close() }
        try Migrator(Schema.migrations.filter { $0.name < "0023" }).migrate(pool)
        let report = "INSERT INTO client_reports (account_key, client, kind, t_ms, body, received_at_ms) VALUES (1, ?, ?, ?, '{}', 1)"
        let device = "INSERT INTO devices (id, account_key, name, key_sha256, created_at_ms, set_up_app) VALUES (?, 1, 'phone', randomblob(32), 1, ?)"
        try pool.write { db in
            try db.execute(
                "INSERT INTO accounts (key, id, phone, name, password_hash, created_at_ms, updated_at_ms) VALUES (1, 'a1', '+4915100000001', 'A', '$argon2id$x', 1, 1)")
            try db.execute(report, "owntracks", "card", 1)
            try db.execute(device, "d1", "overland")
        }
        XCTAssertThrowsError(try pool.write { db in try db.execute(report, "gpslogger", "card", 2) })
        XCTAssertThrowsError(try pool.write { db in try db.execute(report, "owntracks", "waypoint", 2) })
        XCTAssertThrowsError(try pool.write { db in try db.execute(device, "d2", "gpslogger") })

        let applied = try Migrator(Schema.migrations.filter { $0.name < "0024" }).migrate(pool)
        XCTAssertEqual(applied.map(\.name), ["0023_open_client_formats"])
        try pool.write { db in
            try db.execute(report, "gpslogger", "waypoint", 2)
            try db.execute(device, "d2", "gpslogger")
        }
        XCTAssertThrowsError(try pool.write { db in try db.execute(report, "", "card", 3) })
        XCTAssertThrowsError(try pool.write { db in try db.execute(report, "owntracks", "", 3) })
        XCTAssertThrowsError(try pool.write { db in try db.execute(device, "d3", "") })
        let reports: Int64? = try pool.read { db in try db.fetchOne("SELECT count(*) FROM client_reports", []) }
        XCTAssertEqual(reports, 2)
        let devices: Int64? = try pool.read { db in try db.fetchOne("SELECT count(*) FROM devices", []) }
        XCTAssertEqual(devices, 2)
        let check: String? = try pool.read { db in try db.fetchOne("PRAGMA quick_check", []) }
        XCTAssertEqual(check, "ok")
    }

    /// The SHA-256 of schema/0001 to 0022 as SQLite ran them before the migrations were written once
    /// (each engine had files of its own until commit a344df4).
    private static let sqliteChecksumsBeforeOneSource = [
        "4e38561bcb55bd32baf619e61654413ac69c65a432e3f807587d08b95110139e",
        "875277168eccfd2106016ca3bd20302d02767fac1b51ba195f689a704760c73f",
        "8302d7bdac32f7fc7616444e47caa91f5d839545c9527a711cf9bd27f0011cdf",
        "f6eba6742663cb22005d3f77382ad0096a6434b1e0752110d85946171c9accba",
        "4da00ef77e7964c049b43cb6a152caa977cda0501f099e7434f4a9e77fe26cde",
        "dfc24bc1ee6f1b0e1932020d499bb7e3789bbe4d514c40463382655ca8cb287d",
        "00a9888120bd097fd497cd8cbc38189ef7b30bf765206efe0a2f2b698e19a4cc",
        "3cb43823d3adc6fbae98889fbab0a13e1984484220b2738b7a3e382f9895d83a",
        "c5140a62bcea8d00ed966a154ae5b0eb650b6a531bbc852561e2b1a02f147ab9",
        "18cd84114fa7ca9483d27017bace43e12dad0f872a1f6f6ccfc46683fcadcef6",
        "9b013970f30075589cb1a50c5d240d12d78b4c2bdd5024da415c0ed67c1e28e4",
        "a61f462a34c9176776841315e5d277f4b836117a1dc21ea6fc621280d6fa8836",
        "b5f2b18c8831744964aa4b1a312ec852dc7de1f7fab38361f249d8ce979637c7",
        "c75111b69ca96e03da0d9ae9848d74894aa1cb9235971a7dea01ed191fc394a2",
        "dd318c562e1d5198577a735b14fc5c001f97eceff0f38dbed8beb63d1feca0fd",
        "50117f4e6201a9ef3ba308a663dc119808b9ef7b7b90c1234bc3b086d732f0ad",
        "6f08a8d2a06a7dd4a6efc335bc8a50e26c059ef2f05cb82cdc1c282437efe0e4",
        "2de4eb268d717c0786d5fd4c737fd1a52b85ce1d691b182e3edc8cba6c01a54d",
        "0e80592254a4fafacacb648415045ae31e941521c6ca29315620e2ad5730473b",
        "780ec0f2feb19dfb3b7bb05964e343210ba2353d1c0a7a3a965ac189699b2ed1",
        "839d5b9435eebf4ed1f3905c1d24f023239d18254c958c3274d3f0036f460ac3",
        "f865f5dc1cc6f2c790b08762fc7c006285535025f1ea1dd6e2989c2cfe4d7a91",
    ]

    /// SQLite's rendering of migrations 1 to 22 is byte for byte the SQLite files of before, so every
    /// SQLite database migrated until then finds the checksums it recorded and applies nothing again.
    func testSQLiteRunsMigrationsOneTo22ByteForByteAsBeforeOneSource() throws {
        let migrations = try Schema.migrator().migrations
        XCTAssertEqual(Array(migrations.prefix(22).map(\.checksum)), Self.sqliteChecksumsBeforeOneSource)
    }

    /// Every file of schema/ renders for both engines, as the build embedded it (read again here, so
    /// that a build that did not run the embedder again cannot hide a file that no longer renders),
    /// with the same names in both, and a migration that edits SQLite's stored schema does so on
    /// SQLite only.
    func testEveryMigrationRendersForBothEngines() throws {
        let directory = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appending(path: "schema")
        let files = try FileManager.default.contentsOfDirectory(at: directory, includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "sql" }
            .sorted { $0.lastPathComponent < $1.lastPathComponent }
        XCTAssertEqual(files.map { $0.deletingPathExtension().lastPathComponent }, Schema.migrations.map(\.name))
        XCTAssertEqual(Schema.postgresMigrations.map(\.name), Schema.migrations.map(\.name))
        for (file, (sqlite, postgres)) in zip(files, zip(Schema.migrations, Schema.postgresMigrations)) {
            let source = try String(contentsOf: file, encoding: .utf8)
            XCTAssertEqual(try MigrationSource.render(source, for: .sqlite), sqlite.sql, sqlite.name)
            XCTAssertEqual(try MigrationSource.render(source, for: .postgres), postgres.sql, postgres.name)
            XCTAssertFalse(try Migration(name: postgres.name, sql: postgres.sql).editsStoredSchema, postgres.name)
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: directory.appending(path: "postgres").path),
                       "schema/postgres/ is gone: a migration is one file")
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
