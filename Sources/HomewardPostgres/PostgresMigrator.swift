import HomewardStore

/// Applies the numbered migrations as PostgreSQL runs them (schema/, rendered) once each, in order,
/// recording them in `schema_migrations` as HomewardStore's `Migrator` does for SQLite: the same
/// versions, names and checksums (SHA-256 of the SQL), the same planning rule and errors.
///
/// Each pending migration runs in one transaction together with its record, so a failing migration
/// leaves no trace. A database migrated by a newer binary, lacking an older migration, or whose
/// applied migrations no longer match the SQL this binary carries, is refused. While migrating the
/// connection holds a session advisory lock (`advisoryLockKey`), so nodes that start together on
/// one database migrate one after the other: the first applies, the others find nothing pending.
public struct PostgresMigrator: Sendable {
    /// The advisory lock held while migrating: "Homeward" in ASCII as a 64-bit number. PostgreSQL's
    /// advisory locks are per database, so it serializes the migrators of all schemas of one database.
    public static let advisoryLockKey: Int64 = 5_219_510_775_707_693_668

    static let createRecordTableSQL = """
        CREATE TABLE schema_migrations (
            version BIGINT NOT NULL PRIMARY KEY,
            name TEXT NOT NULL,
            applied_at TEXT NOT NULL,
            checksum TEXT NOT NULL
        )
        """

    /// The migrations, ordered by version.
    public var migrations: [Migration] { plan.migrations }

    /// The newest version this binary knows (0 without migrations).
    public var latestVersion: Int { plan.latestVersion }

    private let plan: Migrator

    /// Validates `migrations` as `Migrator` does (names like `0001_accounts`, versions 1, 2, 3, ...
    /// without duplicates or gaps), accepting `earlierChecksums` by version as `Migrator` does.
    public init(_ migrations: [(name: String, sql: String)], earlierChecksums: [Int: Set<String>] = [:]) throws {
        plan = try Migrator(migrations, earlierChecksums: earlierChecksums)
    }

    /// Applies every pending migration on `connection` (in its `search_path`'s first schema), each
    /// in its own transaction, while holding the advisory lock; returns those it applied.
    @discardableResult
    public func migrate(_ connection: PostgresConnection) throws -> [Migration] {
        try connection.execute("SELECT pg_advisory_lock($1)", Self.advisoryLockKey)
        defer { try? connection.execute("SELECT pg_advisory_unlock($1)", Self.advisoryLockKey) }
        // Under the lock, so no other node creates it in between (and without IF NOT EXISTS's notice).
        if try !Self.hasRecordTable(connection) {
            try connection.executeScript(Self.createRecordTableSQL)
        }
        let pending = try pendingMigrations(in: connection)
        for migration in pending {
            try connection.inTransaction { try apply(migration, on: connection) }
        }
        return pending
    }

    /// The migrations not yet applied to the database of `connection`, after checking it is safe to
    /// apply them (`MigrationError` when it is not).
    public func pendingMigrations(in connection: PostgresConnection) throws -> [Migration] {
        let applied = try Self.appliedMigrations(in: connection)
        return try plan.pendingMigrations(applied: applied, databaseVersion: applied.last?.version ?? 0)
    }

    /// The migrations the database of `connection` has applied, oldest first (empty when it has none).
    public static func appliedMigrations(in connection: PostgresConnection) throws -> [AppliedMigration] {
        guard try hasRecordTable(connection) else { return [] }
        return try connection.fetchAll(
            "SELECT version, name, applied_at, checksum FROM schema_migrations ORDER BY version"
        ) { row in
            AppliedMigration(version: try row.value(named: "version"), name: try row.value(named: "name"),
                             appliedAt: try row.value(named: "applied_at"), checksum: try row.value(named: "checksum"))
        }
    }

    private static func hasRecordTable(_ connection: PostgresConnection) throws -> Bool {
        try connection.fetchOne("SELECT 1 WHERE to_regclass('schema_migrations') IS NOT NULL") as Int? != nil
    }

    private func apply(_ migration: Migration, on connection: PostgresConnection) throws {
        do {
            try connection.executeScript(migration.sql)
            try connection.execute(
                "INSERT INTO schema_migrations (version, name, applied_at, checksum) "
                    + "VALUES ($1, $2, to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD\"T\"HH24:MI:SS.MS\"Z\"'), $3)",
                migration.version, migration.name, migration.checksum)
        } catch let error as PostgresError {
            throw PostgresMigrationError(version: migration.version, name: migration.name, error: error)
        }
    }
}
