/// Applies numbered SQL migrations once each, in order, recording them in `schema_migrations`.
///
/// Each pending migration runs in one transaction together with its record and `PRAGMA
/// user_version`, so a failing migration leaves no trace. A database migrated by a newer binary,
/// or whose applied migrations no longer match the SQL this binary carries, is refused.
public struct Migrator: Sendable {
    /// The migrations, ordered by version.
    public let migrations: [Migration]

    static let createRecordTableSQL = """
        CREATE TABLE IF NOT EXISTS schema_migrations (
            version INTEGER PRIMARY KEY,
            name TEXT NOT NULL,
            applied_at TEXT NOT NULL,
            checksum TEXT NOT NULL
        ) STRICT
        """

    /// Validates `migrations` (names like `0001_accounts`, versions 1, 2, 3, ... without duplicates or gaps).
    /// `earlierChecksums` holds, by version, the checksums of earlier texts of a migration that
    /// databases may have recorded and that are accepted as the migration applied.
    public init(_ migrations: [(name: String, sql: String)], earlierChecksums: [Int: Set<String>] = [:]) throws {
        let parsed = try migrations.map { migration in
            let plain = try Migration(name: migration.name, sql: migration.sql)
            guard let earlier = earlierChecksums[plain.version] else { return plain }
            return try Migration(name: migration.name, sql: migration.sql, earlierChecksums: earlier)
        }.sorted { $0.version < $1.version }
        for (offset, migration) in parsed.enumerated() {
            let expected = offset + 1
            if migration.version < expected {
                let names = parsed.filter { $0.version == migration.version }.map(\.name)
                throw MigrationError.duplicateVersion(migration.version, names: names)
            }
            if migration.version > expected {
                throw MigrationError.missingVersion(expected)
            }
        }
        self.migrations = parsed
    }

    /// The newest version this binary knows (0 without migrations).
    public var latestVersion: Int { migrations.last?.version ?? 0 }

    /// Applies every pending migration through `writer`, one write (one transaction) each;
    /// returns those it applied.
    @discardableResult
    public func migrate(_ writer: DatabasePool) throws -> [Migration] {
        let pending = try writer.writeSQLite { database in
            try database.execute(sql: Self.createRecordTableSQL)
            return try pendingMigrations(in: database)
        }
        for migration in pending {
            try writer.writeSQLite { database in try apply(migration, in: database) }
        }
        return pending
    }

    /// Applies every pending migration on one connection, each in its own immediate transaction;
    /// returns those it applied.
    @discardableResult
    public func migrate(_ database: SQLiteDatabase) throws -> [Migration] {
        try database.execute(sql: Self.createRecordTableSQL)
        let pending = try pendingMigrations(in: database)
        for migration in pending {
            try database.inTransaction(.immediate) { try apply(migration, in: database) }
        }
        return pending
    }

    /// The migrations not yet applied to `database`, after checking it is safe to apply them.
    public func pendingMigrations(in database: SQLiteDatabase) throws -> [Migration] {
        let applied = try Self.appliedMigrations(in: database)
        let userVersion: Int = try database.fetchOne("PRAGMA user_version") ?? 0
        return try pendingMigrations(applied: applied, databaseVersion: max(applied.last?.version ?? 0, userVersion))
    }

    /// The migrations not yet in `applied`, after checking it is safe to apply them: none of
    /// `applied` changed since, none is missing below `databaseVersion` (the newest version the
    /// database says it has), and the database is not newer than this binary. Any database's
    /// migrator (SQLite's here, PostgreSQL's in HomewardPostgres) plans with this one rule.
    public func pendingMigrations(applied: [AppliedMigration], databaseVersion: Int) throws -> [Migration] {
        guard databaseVersion <= latestVersion else {
            throw MigrationError.databaseIsNewer(databaseVersion: databaseVersion, knownVersion: latestVersion)
        }
        let appliedByVersion = Dictionary(uniqueKeysWithValues: applied.map { ($0.version, $0) })
        var pending: [Migration] = []
        for migration in migrations {
            guard let record = appliedByVersion[migration.version] else {
                pending.append(migration)
                continue
            }
            guard migration.wasApplied(asRecorded: record.checksum) else {
                throw MigrationError.changedAfterApplying(version: migration.version, name: migration.name)
            }
        }
        if let missing = pending.first, missing.version < databaseVersion {
            throw MigrationError.appliedOutOfOrder(missingVersion: missing.version, appliedVersion: databaseVersion)
        }
        return pending
    }

    /// The migrations `database` has applied, oldest first (empty when it has none).
    public static func appliedMigrations(in database: SQLiteDatabase) throws -> [AppliedMigration] {
        let hasTable: Int? = try database.fetchOne(
            "SELECT 1 FROM sqlite_schema WHERE type = 'table' AND name = 'schema_migrations'")
        guard hasTable != nil else { return [] }
        return try database.fetchAll(
            "SELECT version, name, applied_at, checksum FROM schema_migrations ORDER BY version"
        ) { row in
            AppliedMigration(version: try row.value(at: 0), name: try row.value(at: 1),
                             appliedAt: try row.value(at: 2), checksum: try row.value(at: 3))
        }
    }

    /// The migrations the database behind `reader` has applied, oldest first.
    public static func appliedMigrations(in reader: DatabasePool) throws -> [AppliedMigration] {
        try reader.readSQLite { try appliedMigrations(in: $0) }
    }

    private func apply(_ migration: Migration, in database: SQLiteDatabase) throws {
        do {
            try database.execute(sql: migration.sql)
            if migration.editsStoredSchema {
                // The stored text changed under SQLite's feet: a new schema version makes every
                // connection read the definitions again before its next statement.
                let version: Int = try database.fetchOne("PRAGMA schema_version") ?? 0
                try database.execute(sql: "PRAGMA schema_version = \(version + 1)")
            }
            try database.execute(
                "INSERT INTO schema_migrations (version, name, applied_at, checksum) "
                    + "VALUES (?, ?, strftime('%Y-%m-%dT%H:%M:%fZ', 'now'), ?)",
                migration.version, migration.name, migration.checksum)
            try database.execute(sql: "PRAGMA user_version = \(migration.version)")
        } catch let error as DatabaseError {
            throw MigrationError.failed(version: migration.version, name: migration.name, error)
        }
    }
}
