import HomewardHTTP
import HomewardPostgres
import HomewardStore

/// A full disk (or a database over its size limit) is temporary and the client's data is safe to
/// resend, so it answers 503 `unavailable`; every other database failure stays a 500.
extension DatabaseError: HTTPErrorConvertible {
    /// 503 for `SQLITE_FULL`, nil (a 500) otherwise.
    public var httpError: HTTPError? {
        guard isDiskFull else { return nil }
        return .unavailable("The server's disk is full; nothing was stored. Try again later.")
    }
}

/// PostgreSQL's failures that are the database's state, not the request's (a lost or shutting down
/// server, a full disk, too many connections, a lost serialization race) answer 503 `unavailable`
/// as SQLite's full disk does: nothing was stored and the client may send the same request again.
/// Every other failure stays a 500.
extension PostgresError: HTTPErrorConvertible {
    /// 503 for a temporary failure (`isTemporary`), nil (a 500) otherwise.
    public var httpError: HTTPError? {
        if isOutOfResources {
            return .unavailable("The database has no room for this now; nothing was stored. Try again later.")
        }
        guard isTemporary else { return nil }
        return .unavailable("The database does not answer; nothing was stored. Try again later.")
    }
}
