import Foundation
import HomewardStore
import XCTest
@testable import HomewardPostgres

/// Both renderings of schema/ build the same database: after all migrations, PostgreSQL has exactly the
/// SQLite database's tables (with their columns in order, types and NOT NULL), views (with their
/// columns), indexes (with their uniqueness) and triggers.
final class PostgresSchemaComparisonTests: XCTestCase {
    /// A table's or view's column: name, type (tables only) and whether it refuses NULL (tables only).
    private struct Column: Equatable, CustomStringConvertible {
        let name: String
        let type: String
        let notNull: Bool
        var description: String { "\(name) \(type)\(notNull ? " NOT NULL" : "")" }
    }

    /// The PostgreSQL type of each SQLite column type of a STRICT table.
    private static let postgresTypes = ["INTEGER": "bigint", "REAL": "double precision", "TEXT": "text", "BLOB": "bytea"]
    /// Columns PostgreSQL stores narrower than BIGINT (schema/0022's PostgreSQL block: SQLite already
    /// stores an integer in the bytes its value needs), by table and column.
    private static let narrowerColumns = [
        "locations": [
            "lat_e7": "integer", "lon_e7": "integer", "accuracy_dm": "integer", "altitude_dm": "integer", "speed_cm_s": "integer",
            "heading_deg": "smallint", "battery_pct": "smallint", "flags": "smallint",
        ],
    ]

    func testBothDialectsBuildTheSameTablesColumnsViewsIndexesAndTriggers() throws {
        let sqliteMigrations = try PostgresSchemaFiles.sqliteMigrations()
        let postgresMigrations = try PostgresSchemaFiles.migrations()
        XCTAssertEqual(postgresMigrations.map(\.name), sqliteMigrations.map(\.name), "every migration renders for both engines")

        let schema = try PostgresTestSchema()
        addTeardownBlock { try? schema.drop() }
        let postgres = try schema.connect()
        try PostgresMigrator(postgresMigrations).migrate(postgres)

        let directory = FileManager.default.temporaryDirectory.appending(path: "homeward-dialects-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: directory) }
        let sqlite = try SQLiteDatabase(path: directory.appending(path: "schema.sqlite").path)
        try Migrator(sqliteMigrations).migrate(sqlite)

        // SQLite: every table's and view's columns. A primary-key column refuses NULL even without
        // NOT NULL (a rowid alias, or a key of a STRICT or WITHOUT ROWID table), as in PostgreSQL.
        var sqliteRelations: [String: [Column]] = [:]
        try sqlite.query("""
            SELECT m.type AS kind, m.name AS relation, c.name AS name, c.type AS type, c."notnull" AS not_null, c.pk AS pk
            FROM sqlite_schema m JOIN pragma_table_info(m.name) c
            WHERE m.type IN ('table', 'view') AND m.name NOT LIKE 'sqlite_%'
            ORDER BY m.name, c.cid
            """) { row in
            let isTable = try row.value(named: "kind") as String == "table"
            let type = try row.value(named: "type") as String
            let declaredNotNull = try row.value(named: "not_null") as Int != 0
            let inPrimaryKey = try row.value(named: "pk") as Int > 0
            let name: String = try row.value(named: "name")
            let narrower = Self.narrowerColumns[try row.value(named: "relation") as String]?[name]
            let column = Column(
                name: name,
                type: isTable ? narrower ?? Self.postgresTypes[type] ?? "unknown SQLite type \(type)" : "",
                notNull: isTable && (declaredNotNull || inPrimaryKey))
            sqliteRelations["\(isTable ? "table" : "view") \(try row.value(named: "relation") as String)", default: []].append(column)
        }

        var postgresRelations: [String: [Column]] = [:]
        for row in try postgres.fetchAll("""
            SELECT t.table_type AS kind, c.table_name AS relation, c.column_name AS name, c.data_type AS type,
                   c.is_nullable AS nullable
            FROM information_schema.columns c
            JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name
            WHERE c.table_schema = $1
            ORDER BY c.table_name, c.ordinal_position
            """, [schema.name], map: { row in
                let isTable = try row.value(named: "kind") as String == "BASE TABLE"
                let nullable = try row.value(named: "nullable") as String
                return ("\(isTable ? "table" : "view") \(try row.value(named: "relation") as String)",
                        Column(name: try row.value(named: "name"),
                               type: isTable ? try row.value(named: "type") : "",
                               notNull: isTable && nullable == "NO"))
            }) {
            postgresRelations[row.0, default: []].append(row.1)
        }

        XCTAssertGreaterThan(sqliteRelations.count, 20)
        XCTAssertEqual(postgresRelations.keys.sorted(), sqliteRelations.keys.sorted())
        for (relation, columns) in sqliteRelations {
            XCTAssertEqual(postgresRelations[relation], columns, relation)
        }

        // Indexes made by CREATE INDEX (not those behind a primary key or UNIQUE), and whether unique.
        let sqliteIndexes = try sqlite.fetchAll("""
            SELECT m.name AS name, l."unique" AS is_unique FROM sqlite_schema m
            JOIN pragma_index_list(m.tbl_name) l ON l.name = m.name
            WHERE m.type = 'index' AND m.sql IS NOT NULL ORDER BY m.name
            """) { "\(try $0.value(named: "name") as String)\(try $0.value(named: "is_unique") as Int == 1 ? " unique" : "")" }
        let postgresIndexes = try postgres.fetchAll("""
            SELECT c.relname AS name, i.indisunique AS is_unique FROM pg_index i
            JOIN pg_class c ON c.oid = i.indexrelid
            JOIN pg_namespace n ON n.oid = c.relnamespace
            WHERE n.nspname = $1 AND NOT EXISTS (SELECT 1 FROM pg_constraint k WHERE k.conindid = i.indexrelid)
            ORDER BY c.relname
            """, [schema.name]) { "\(try $0.value(named: "name") as String)\(try $0.value(named: "is_unique") as Bool ? " unique" : "")" }
        XCTAssertGreaterThan(sqliteIndexes.count, 20)
        XCTAssertEqual(postgresIndexes, sqliteIndexes)

        let sqliteTriggers = try sqlite.fetchAll(
            "SELECT name FROM sqlite_schema WHERE type = 'trigger' ORDER BY name") { try $0.value(named: "name") as String }
        let postgresTriggers = try postgres.fetchAll(
            "SELECT DISTINCT trigger_name FROM information_schema.triggers WHERE trigger_schema = $1 ORDER BY trigger_name",
            [schema.name]) { try $0.value(named: "trigger_name") as String }
        XCTAssertEqual(postgresTriggers, sqliteTriggers)
    }
}
