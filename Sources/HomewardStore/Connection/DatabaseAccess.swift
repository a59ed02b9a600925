/// Whether a connection may write.
public enum DatabaseAccess: Sendable {
    /// Reads and writes; creates the file when missing and switches it to WAL.
    case readWrite
    /// Reads only (`SQLITE_OPEN_READONLY` and `PRAGMA query_only`); the file must exist.
    case readOnly
}
