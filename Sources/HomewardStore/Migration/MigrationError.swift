/// Why migrations could not be planned or applied.
public enum MigrationError: Error, CustomStringConvertible, Sendable, Equatable {
    /// A name that does not start with a positive version number and an underscore.
    case invalidName(String)
    /// Two migrations with one version.
    case duplicateVersion(Int, names: [String])
    /// Versions that do not run 1, 2, 3, ...
    case missingVersion(Int)
    /// The database was migrated by a newer binary.
    case databaseIsNewer(databaseVersion: Int, knownVersion: Int)
    /// A migration that was applied with different SQL than this binary carries.
    case changedAfterApplying(version: Int, name: String)
    /// The database lacks a migration older than one it has.
    case appliedOutOfOrder(missingVersion: Int, appliedVersion: Int)
    /// A migration's SQL failed; nothing of it was kept.
    case failed(version: Int, name: String, DatabaseError)

    /// A sentence for operators.
    public var description: String {
        switch self {
        case .invalidName(let name):
            return "migration name \(name) must look like 0001_description"
        case .duplicateVersion(let version, let names):
            return "migration version \(version) is used by more than one migration: \(names.joined(separator: ", "))"
        case .missingVersion(let version):
            return "migration version \(version) is missing; versions must run 1, 2, 3, ... without gaps"
        case .databaseIsNewer(let databaseVersion, let knownVersion):
            return "database schema version \(databaseVersion) is newer than this homeward (\(knownVersion)); upgrade homeward"
        case .changedAfterApplying(let version, let name):
            return "migration \(name) (version \(version)) was changed after the database applied it; "
                + "restore its original SQL and add a new migration instead"
        case .appliedOutOfOrder(let missingVersion, let appliedVersion):
            return "database has migration \(appliedVersion) but not the older \(missingVersion); it cannot be migrated safely"
        case .failed(let version, let name, let error):
            return "migration \(name) (version \(version)) failed and was rolled back: \(error)"
        }
    }
}
