import Foundation
import HomewardStore
import XCTest
@testable import Homeward
@testable import HomewardPostgres

/// A PostgreSQL database migrated before the migrations were written once (with the files of
/// schema/postgres/ of that time, kept in Tests/SchemaBeforeOneSource/) starts with this binary:
/// its recorded checksums are accepted, nothing is applied again, its rows stay, the migrations
/// since then apply, and it ends as exactly the database this binary makes on an empty one.
final class PostgresSchemaBeforeOneSourceTests: XCTestCase {
    /// The files of Tests/SchemaBeforeOneSource/, sorted by name.
    static func filesBeforeOneSource() throws -> [(name: String, sql: String)] {
        let directory = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent()
            .appending(path: "SchemaBeforeOneSource")
        return try FileManager.default.contentsOfDirectory(at: directory, includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "sql" }
            .sorted { $0.lastPathComponent < $1.lastPathComponent }
            .map { ($0.deletingPathExtension().lastPathComponent, try String(contentsOf: $0, encoding: .utf8)) }
    }

    private func freshSchema() throws -> PostgresTestSchema {
        let schema = try PostgresTestSchema()
        addTeardownBlock { try? schema.drop() }
        return schema
    }

    func testTheRecordedChecksumsAreThoseOfTheFilesBeforeOneSource() throws {
        let files = try Self.filesBeforeOneSource()
        XCTAssertEqual(files.count, 22)
        XCTAssertEqual(files.map(\.name), Array(Schema.postgresMigrations.prefix(22).map(\.name)))
        let checksums = try files.map { try Migration(name: $0.name, sql: $0.sql) }
        XCTAssertEqual(Dictionary(uniqueKeysWithValues: checksums.map { ($0.version, Set([$0.checksum])) }),
                       Schema.postgresChecksumsBeforeOneSource)
        // The rendered SQL is other text: without the list, such a database would be refused.
        for (migration, before) in zip(try Schema.postgresMigrator().migrations, checksums) {
            XCTAssertNotEqual(migration.checksum, before.checksum, migration.name)
        }
    }

    func testADatabaseMigratedBeforeOneSourceStartsKeepsItsRowsAndEndsAsAFreshOne() throws {
        let before = try freshSchema()
        let old = try before.connect()
        let files = try Self.filesBeforeOneSource()
        try PostgresMigrator(files).migrate(old)
        try old.executeScript("""
            INSERT INTO accounts (id, phone, name, password_hash, created_at_ms, updated_at_ms)
                VALUES ('a1', '+4915100000001', 'Anna', '$argon2id$x', 1, 1);
            INSERT INTO client_reports (account_key, client, kind, t_ms, body, received_at_ms)
                VALUES (1, 'owntracks', 'card', 1, '{}', 1);
            INSERT INTO devices (id, account_key, name, key_sha256, created_at_ms, set_up_app)
                VALUES ('d1', 1, 'phone', decode(repeat('00', 32), 'hex'), 1, 'overland')
            """)
        // The closed lists of that time.
        XCTAssertThrowsError(try old.executeScript(
            "INSERT INTO client_reports (account_key, client, kind, t_ms, body, received_at_ms) VALUES (1, 'gpslogger', 'card', 2, '{}', 2)"))

        let migrator = try Schema.postgresMigrator()
        let applied = try migrator.migrate(old)
        XCTAssertEqual(applied.map(\.name), Array(Schema.postgresMigrations.dropFirst(files.count).map(\.name)))
        XCTAssertTrue(applied.map(\.name).contains("0023_open_client_formats"))
        XCTAssertEqual(try migrator.migrate(old), [])
        let records = try PostgresMigrator.appliedMigrations(in: old)
        XCTAssertEqual(records.count, Schema.postgresMigrations.count)
        XCTAssertEqual(Array(records.prefix(files.count).map(\.checksum)),
                       try files.map { try Migration(name: $0.name, sql: $0.sql).checksum }, "records kept as they were")

        // Its rows are still there, and the sets 0023 opened take new values but not an empty one.
        XCTAssertEqual(try old.fetchOne("SELECT count(*) FROM client_reports") as Int?, 1)
        XCTAssertEqual(try old.fetchOne("SELECT set_up_app FROM devices WHERE id = 'd1'") as String?, "overland")
        try old.executeScript("""
            INSERT INTO client_reports (account_key, client, kind, t_ms, body, received_at_ms) VALUES (1, 'gpslogger', 'waypoint', 2, '{}', 2);
            UPDATE devices SET set_up_app = 'gpslogger' WHERE id = 'd1'
            """)
        XCTAssertThrowsError(try old.executeScript(
            "INSERT INTO client_reports (account_key, client, kind, t_ms, body, received_at_ms) VALUES (1, '', 'card', 3, '{}', 3)"))
        XCTAssertThrowsError(try old.executeScript("UPDATE devices SET set_up_app = '' WHERE id = 'd1'"))

        let fresh = try freshSchema()
        let new = try fresh.connect()
        try Schema.postgresMigrator().migrate(new)
        let oldCatalog = try Self.catalog(of: before, on: old)
        let newCatalog = try Self.catalog(of: fresh, on: new)
        XCTAssertEqual(oldCatalog.keys.sorted(), newCatalog.keys.sorted())
        for (part, lines) in newCatalog {
            XCTAssertGreaterThan(lines.count, 0, part)
            XCTAssertEqual(oldCatalog[part, default: []], lines, part)
        }
    }

    /// What a schema holds, by part (columns, constraints, indexes, views, functions, triggers,
    /// sequences), as PostgreSQL describes it, with the schema's name written X.
    static func catalog(of schema: PostgresTestSchema, on connection: PostgresConnection) throws -> [String: [String]] {
        let queries = [
            "columns": """
                SELECT c.relname || '.' || a.attname || ' ' || format_type(a.atttypid, a.atttypmod)
                       || CASE WHEN a.attnotnull THEN ' NOT NULL' ELSE '' END
                       || coalesce(' DEFAULT ' || pg_get_expr(d.adbin, d.adrelid), '')
                       || CASE WHEN a.attidentity <> '' THEN ' IDENTITY ' || a.attidentity::text ELSE '' END AS line
                FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid JOIN pg_namespace n ON n.oid = c.relnamespace
                LEFT JOIN pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum
                WHERE n.nspname = $1 AND a.attnum > 0 AND NOT a.attisdropped AND c.relkind IN ('r', 'v')
                ORDER BY c.relname, a.attnum
                """,
            "constraints": """
                SELECT c.relname || ' ' || k.conname || ' ' || pg_get_constraintdef(k.oid) AS line
                FROM pg_constraint k JOIN pg_class c ON c.oid = k.conrelid JOIN pg_namespace n ON n.oid = c.relnamespace
                WHERE n.nspname = $1 ORDER BY 1
                """,
            "indexes": "SELECT indexname || ' ' || indexdef AS line FROM pg_indexes WHERE schemaname = $1 ORDER BY 1",
            "views": "SELECT viewname || ' ' || definition AS line FROM pg_views WHERE schemaname = $1 ORDER BY 1",
            "functions": """
                SELECT p.proname || ' ' || pg_get_functiondef(p.oid) AS line
                FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace WHERE n.nspname = $1 ORDER BY 1
                """,
            "triggers": """
                SELECT t.tgname || ' ' || pg_get_triggerdef(t.oid) AS line
                FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid JOIN pg_namespace n ON n.oid = c.relnamespace
                WHERE n.nspname = $1 AND NOT t.tgisinternal ORDER BY 1
                """,
            "sequences": """
                SELECT sequencename || ' ' || data_type::text || ' from ' || start_value || ' by ' || increment_by AS line
                FROM pg_sequences WHERE schemaname = $1 ORDER BY 1
                """,
        ]
        var catalog: [String: [String]] = [:]
        for (part, sql) in queries {
            catalog[part] = try connection.fetchAll(sql, [schema.name]) { row in
                (try row.value(named: "line") as String).replacingOccurrences(of: schema.name, with: "X")
            }
        }
        return catalog
    }
}
