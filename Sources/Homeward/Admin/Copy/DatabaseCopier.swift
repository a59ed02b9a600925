import HomewardPostgres
import HomewardStore

/// `homeward copy`: moves an installation from its SQLite file to an empty PostgreSQL database,
/// table by table in one PostgreSQL transaction, then proves the copy by reading it back: every
/// table's row count and order-free checksum (`TableChecksum`) must equal the source's.
///
/// The source is read in one read transaction (a consistent snapshot); the target is migrated first
/// with the PostgreSQL dialect of the same migrations, must be empty, and gets the source's keys as
/// they are, its key sequences set past both the largest key copied and the largest key ever
/// deleted (`retired_keys`), so no key is given out twice across the move.
public enum DatabaseCopier {
    /// Rows per INSERT statement at most (fewer for wide tables: PostgreSQL takes 65,535 parameters).
    public static let rowsPerInsert = 500
    /// Rows fetched at a time when the copy is read back.
    public static let rowsPerFetch = 5_000

    /// One table's outcome: the checksums of its source rows and of the copy as read back.
    public struct CopiedTable: Sendable, Equatable {
        /// The table.
        public let name: String
        /// The source's rows.
        public let source: TableChecksum
        /// The copy's rows, read back from PostgreSQL.
        public let copy: TableChecksum
    }

    /// Copies every table of `source` (migrated to this binary's latest version) into `target`.
    public static func copy(from source: DatabasePool, to target: PostgresConnection) throws -> [CopiedTable] {
        _ = try Schema.postgresMigrator().migrate(target)
        return try source.readSQLite { db -> [CopiedTable] in
            let pending = try Schema.migrator().pendingMigrations(in: db)
            guard pending.isEmpty else { throw DatabaseCopyError.sourceNotMigrated(pending: pending.map(\.name)) }
            let tables = try orderedTables(in: db)
            for table in tables {
                try checkColumns(of: table, in: target)
                guard try target.fetchOne("SELECT EXISTS (SELECT 1 FROM \(quoted(table.name)))") != true else {
                    throw DatabaseCopyError.targetNotEmpty(table: table.name)
                }
            }
            // One transaction: a copy that fails, or reads back differently, leaves the target empty.
            return try target.inTransaction {
                var checksums: [(String, TableChecksum)] = []
                for table in tables {
                    checksums.append((table.name, try copyRows(of: table, from: db, to: target)))
                }
                try advanceKeySequences(in: target)
                return try checksums.map { name, checksum in
                    let copy = try readBack(name, from: target)
                    guard copy == checksum else { throw DatabaseCopyError.verificationFailed(table: name, source: checksum, copy: copy) }
                    return CopiedTable(name: name, source: checksum, copy: copy)
                }
            }
        }
    }

    /// A table of the source and its columns in order.
    struct Table {
        let name: String
        let columns: [String]
    }

    /// The source's tables (without SQLite's own and the migrations' record), each after the tables
    /// its foreign keys refer to.
    static func orderedTables(in db: SQLiteDatabase) throws -> [Table] {
        let names: [String] = try db.fetchAll(
            "SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name <> 'schema_migrations' ORDER BY name")
        var referenced: [String: Set<String>] = [:]
        for name in names {
            let parents: [String] = try db.fetchAll("SELECT \"table\" FROM pragma_foreign_key_list(?)", [name])
            referenced[name] = Set(parents).subtracting([name])
        }
        var ordered: [String] = []
        var placed = Set<String>()
        while ordered.count < names.count {
            let ready = names.filter { !placed.contains($0) && referenced[$0, default: []].isSubset(of: placed) }
            guard !ready.isEmpty else { throw DatabaseCopyError.foreignKeyCycle(tables: names.filter { !placed.contains($0) }) }
            ordered += ready
            placed.formUnion(ready)
        }
        return try ordered.map { name in
            Table(name: name, columns: try db.fetchAll("SELECT name FROM pragma_table_info(?) ORDER BY cid", [name]))
        }
    }

    private static func checkColumns(of table: Table, in target: PostgresConnection) throws {
        let columns = try target.fetchAll(
            """
            SELECT column_name FROM information_schema.columns
            WHERE table_schema = current_schema() AND table_name = $1 ORDER BY ordinal_position
            """, [table.name]
        ) { row in try row.value(named: "column_name") as String }
        guard columns == table.columns else {
            throw DatabaseCopyError.columnsDiffer(table: table.name, sqlite: table.columns, postgres: columns)
        }
    }

    private static func copyRows(of table: Table, from db: SQLiteDatabase, to target: PostgresConnection) throws -> TableChecksum {
        let rowsPerStatement = max(1, min(rowsPerInsert, 65_535 / max(1, table.columns.count)))
        let columnList = table.columns.map(quoted).joined(separator: ", ")
        var checksum = TableChecksum()
        var batch: [DatabaseValue] = []
        func flush() throws {
            guard !batch.isEmpty else { return }
            let rows = batch.count / table.columns.count
            var placeholders: [String] = []
            placeholders.reserveCapacity(rows)
            for row in 0..<rows {
                let first = row * table.columns.count
                placeholders.append("(" + (1...table.columns.count).map { "$\(first + $0)" }.joined(separator: ", ") + ")")
            }
            try target.execute(
                "INSERT INTO \(quoted(table.name)) (\(columnList)) OVERRIDING SYSTEM VALUE VALUES \(placeholders.joined(separator: ", "))",
                arguments: StatementArguments(values: batch))
            batch.removeAll(keepingCapacity: true)
        }
        try db.query("SELECT \(columnList) FROM \(quoted(table.name))") { row in
            let values = try row.databaseValues()
            checksum.add(values)
            batch += values
            if batch.count >= rowsPerStatement * table.columns.count { try flush() }
        }
        try flush()
        return checksum
    }

    /// Sets each identity column's sequence past the largest key in its table and the largest key
    /// the table ever deleted, so the next key is one neither database gave out.
    private static func advanceKeySequences(in target: PostgresConnection) throws {
        let identities = try target.fetchAll(
            """
            SELECT table_name, column_name FROM information_schema.columns
            WHERE table_schema = current_schema() AND is_identity = 'YES' ORDER BY table_name
            """
        ) { row in (table: try row.value(named: "table_name") as String, column: try row.value(named: "column_name") as String) }
        for identity in identities {
            let largest: Int64 = try target.fetchOne(
                """
                SELECT GREATEST(
                    (SELECT COALESCE(MAX(\(quoted(identity.column))), 0) FROM \(quoted(identity.table))),
                    (SELECT COALESCE(MAX(highest_key), 0) FROM retired_keys WHERE aggregate = $1))
                """, [identity.table]) ?? 0
            // setval(…, n, true): the next key is n + 1; a table that never had a row starts at 1.
            try target.execute(
                "SELECT setval(pg_get_serial_sequence($1, $2), $3, $4)",
                quoted(identity.table), identity.column, max(largest, 1), largest > 0)
        }
    }

    /// The checksum of `table` as PostgreSQL gives it back, fetched in slices through a cursor of
    /// the copy's transaction (which sees its own rows), so a large table is never in memory whole.
    private static func readBack(_ table: String, from target: PostgresConnection) throws -> TableChecksum {
        var checksum = TableChecksum()
        try target.execute("DECLARE homeward_copy_check NO SCROLL CURSOR FOR SELECT * FROM \(quoted(table))")
        var fetched = 0
        repeat {
            fetched = 0
            try target.query("FETCH \(rowsPerFetch) FROM homeward_copy_check") { row in
                checksum.add(try (0..<row.columnCount).map { try row.databaseValue(at: $0) })
                fetched += 1
            }
        } while fetched == rowsPerFetch
        try target.execute("CLOSE homeward_copy_check")
        return checksum
    }

    private static func quoted(_ identifier: String) -> String {
        "\"" + identifier.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}

/// Why `homeward copy` stopped; the target is left as it was (empty, but migrated).
public enum DatabaseCopyError: Error, Equatable, CustomStringConvertible {
    /// The source file lacks migrations this binary has: run `homeward migrate` on it first.
    case sourceNotMigrated(pending: [String])
    /// The target already holds rows: a copy goes only into an empty database.
    case targetNotEmpty(table: String)
    /// The two schemas disagree on a table's columns (the binaries' migrations differ).
    case columnsDiffer(table: String, sqlite: [String], postgres: [String])
    /// The source's foreign keys form a cycle, so no table order satisfies them.
    case foreignKeyCycle(tables: [String])
    /// The copy as read back differs from the source.
    case verificationFailed(table: String, source: TableChecksum, copy: TableChecksum)

    /// What went wrong and what to do.
    public var description: String {
        switch self {
        case .sourceNotMigrated(let pending):
            "The SQLite file lacks migrations \(pending.joined(separator: ", ")): run homeward migrate on it first."
        case .targetNotEmpty(let table):
            "The PostgreSQL database is not empty (table \(table) has rows): copy into an empty database."
        case .columnsDiffer(let table, let sqlite, let postgres):
            "Table \(table) has columns \(sqlite) in SQLite but \(postgres) in PostgreSQL."
        case .foreignKeyCycle(let tables):
            "The foreign keys of \(tables.joined(separator: ", ")) form a cycle."
        case .verificationFailed(let table, let source, let copy):
            "Table \(table) reads back as \(copy), not \(source) as in the SQLite file; nothing was copied."
        }
    }
}
