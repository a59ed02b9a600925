import HomewardHTTP
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
