/// One schema change: a version number, a name such as `0001_accounts`, and its SQL.
public struct Migration: Sendable, Equatable {
    /// The number in front of the name; versions run 1, 2, 3, ... without gaps.
    public let version: Int
    /// The file name without extension, such as `0001_accounts`.
    public let name: String
    /// The SQL script.
    public let sql: String
    /// SHA-256 of the SQL, recorded when applied so that later edits to it are caught.
    public let checksum: String
    /// Checksums of earlier texts of this migration that made the same database, recorded by
    /// databases migrated before the text changed form (see `Schema`); accepted like `checksum`.
    public let earlierChecksums: Set<String>

    /// Parses the version from `name` (`0001_accounts` is version 1).
    public init(name: String, sql: String, earlierChecksums: Set<String> = []) throws {
        let digits = name.prefix { $0.isASCII && $0.isNumber }
        guard !digits.isEmpty, name.dropFirst(digits.count).first == "_", name.count > digits.count + 1,
              let version = Int(digits), version > 0
        else {
            throw MigrationError.invalidName(name)
        }
        self.version = version
        self.name = name
        self.sql = sql
        self.checksum = SHA256.hexDigest(of: sql)
        self.earlierChecksums = earlierChecksums
    }

    /// Whether a database that recorded `checksum` for this version applied this migration.
    public func wasApplied(asRecorded checksum: String) -> Bool {
        checksum == self.checksum || earlierChecksums.contains(checksum)
    }

    /// Whether the script edits SQLite's stored table text (`PRAGMA writable_schema`, the documented
    /// way to drop a CHECK), after which the schema version must change.
    public var editsStoredSchema: Bool { sql.contains("PRAGMA writable_schema = ON") }
}
