/// A PostgreSQL failure: the SQLSTATE code, the server's (or libpq's) message and the SQL that failed.
public struct PostgresError: Error, CustomStringConvertible, Sendable, Equatable {
    /// The five-character SQLSTATE (`23505` for a unique violation); empty when libpq itself failed
    /// (no connection, a broken socket).
    public let sqlState: String
    /// What went wrong, in the server's or libpq's words.
    public let message: String
    /// The SQL that failed, when there was one.
    public let sql: String?
    /// Whether a write held back until the next round trip failed or changed another count of rows
    /// than its caller predicted (`PostgresConnection.execute(_:expectingChanges:binding:)`):
    /// the group writer then runs the group again without holding writes back.
    public internal(set) var isHeldBackWriteFailure = false

    /// The SQLSTATE given to a write that changed another count of rows than predicted (not one of
    /// PostgreSQL's own classes).
    public static let wrongPredictionState = "HW001"

    /// Creates an error from its SQLSTATE, message and SQL.
    public init(sqlState: String, message: String, sql: String? = nil) {
        self.sqlState = sqlState
        self.message = message
        self.sql = sql
    }

    /// Whether an integrity constraint (UNIQUE, NOT NULL, CHECK, FOREIGN KEY, ...) refused the change
    /// (SQLSTATE class 23).
    public var isConstraintViolation: Bool { sqlState.hasPrefix("23") }

    /// Whether a UNIQUE or PRIMARY KEY constraint refused the change.
    public var isUniqueViolation: Bool { sqlState == "23505" }

    /// Whether the transaction lost a serialization or deadlock race and may simply be run again.
    public var isRetryable: Bool { sqlState == "40001" || sqlState == "40P01" }

    /// Whether the connection is gone (no SQLSTATE from libpq, or class 08): it must be replaced.
    public var isConnectionFailure: Bool { sqlState.isEmpty || sqlState.hasPrefix("08") }

    /// Whether the server has no room or resources for the change now (SQLSTATE class 53: a full
    /// disk 53100, out of memory 53200, too many connections 53300): the same as SQLite's full disk.
    public var isOutOfResources: Bool { sqlState.hasPrefix("53") }

    /// Whether the server is going away or not taking work (class 57P: an administrator's or a
    /// crash's shutdown, a server still starting) or is a read-only standby (25006).
    public var isServerUnavailable: Bool { sqlState.hasPrefix("57P") || sqlState == "25006" }

    /// Whether the failure is the database's state, not the request: the client may send the same
    /// request again later and nothing of it was stored (a 503, never a 500).
    public var isTemporary: Bool { isConnectionFailure || isOutOfResources || isServerUnavailable || isRetryable }

    /// "PostgreSQL error 23505: duplicate key value ... in `INSERT ...`".
    public var description: String {
        var text = "PostgreSQL error \(sqlState.isEmpty ? "(connection)" : sqlState): \(message)"
        if let sql {
            text += " in `\(sql)`"
        }
        return text
    }
}
