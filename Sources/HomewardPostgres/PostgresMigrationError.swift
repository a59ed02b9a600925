import HomewardStore

/// A PostgreSQL migration whose SQL failed; nothing of it was kept. (Planning errors, such as a
/// migration changed after it was applied, are HomewardStore's `MigrationError`, as for SQLite.)
public struct PostgresMigrationError: Error, CustomStringConvertible, Sendable, Equatable {
    /// The migration's version.
    public let version: Int
    /// The migration's name, such as `0001_accounts`.
    public let name: String
    /// What the server said.
    public let error: PostgresError

    /// Creates the error for migration `name` (`version`) that failed with `error`.
    public init(version: Int, name: String, error: PostgresError) {
        self.version = version
        self.name = name
        self.error = error
    }

    /// A sentence for operators, worded as SQLite's `MigrationError.failed`.
    public var description: String {
        "migration \(name) (version \(version)) failed and was rolled back: \(error)"
    }
}
