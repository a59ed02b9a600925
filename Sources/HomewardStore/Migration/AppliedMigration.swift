/// A row of `schema_migrations`: a migration that this database has applied.
public struct AppliedMigration: Sendable, Equatable {
    /// The migration's version.
    public let version: Int
    /// The migration's name when it was applied.
    public let name: String
    /// When it was applied, as ISO 8601 UTC text.
    public let appliedAt: String
    /// SHA-256 of the SQL that was applied.
    public let checksum: String

    /// A record as read from a database's `schema_migrations`.
    public init(version: Int, name: String, appliedAt: String, checksum: String) {
        self.version = version
        self.name = name
        self.appliedAt = appliedAt
        self.checksum = checksum
    }
}
