import CSQLite

/// An SQLite failure: the result codes, SQLite's message and the SQL that failed.
public struct DatabaseError: Error, CustomStringConvertible, Sendable, Equatable {
    /// The primary result code (`SQLITE_CONSTRAINT`, `SQLITE_FULL`, ...).
    public let resultCode: Int32
    /// The extended result code (`SQLITE_CONSTRAINT_UNIQUE`, ...).
    public let extendedResultCode: Int32
    /// What went wrong, in SQLite's words or ours.
    public let message: String
    /// The SQL that failed, when there was one.
    public let sql: String?

    /// Creates an error from an (extended) result code, a message and the SQL that failed.
    public init(extendedResultCode: Int32, message: String, sql: String? = nil) {
        self.resultCode = extendedResultCode & 0xFF
        self.extendedResultCode = extendedResultCode
        self.message = message
        self.sql = sql
    }

    /// Whether a constraint (UNIQUE, NOT NULL, CHECK, FOREIGN KEY, ...) refused the change.
    public var isConstraintViolation: Bool { resultCode == SQLITE_CONSTRAINT }

    /// Whether the disk (or the database's size limit) left no room for the change.
    public var isDiskFull: Bool { resultCode == SQLITE_FULL }

    /// "SQLite error 19 (extended 2067, UNIQUE constraint failed: t.id) in `INSERT ...`".
    public var description: String {
        var text = "SQLite error \(resultCode) (extended \(extendedResultCode)): \(message)"
        if let sql {
            text += " in `\(sql)`"
        }
        return text
    }

    /// The error SQLite reported on `connection` after `code`.
    static func lastError(on connection: OpaquePointer?, code: Int32, sql: String?) -> DatabaseError {
        let message = connection.flatMap { sqlite3_errmsg($0) }.map { String(cString: $0) }
            ?? String(cString: sqlite3_errstr(code))
        return DatabaseError(extendedResultCode: code, message: message, sql: sql)
    }

    /// Misuse of this layer (a closed pool, a wrong argument count, ...).
    @usableFromInline
    static func misuse(_ message: String, sql: String? = nil) -> DatabaseError {
        DatabaseError(extendedResultCode: SQLITE_MISUSE, message: message, sql: sql)
    }

    /// A column whose stored value does not convert to the requested Swift type.
    @usableFromInline
    static func mismatch(_ message: String, sql: String?) -> DatabaseError {
        DatabaseError(extendedResultCode: SQLITE_MISMATCH, message: message, sql: sql)
    }
}
