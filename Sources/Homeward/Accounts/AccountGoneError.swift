import HomewardHTTP

/// A write for an account that no longer exists: it was deleted after the request's credentials
/// were checked (on this node, or on another node of the same database). Nothing was stored; the
/// credentials are gone with the account, so the answer is 401.
struct AccountGoneError: Error, Equatable, HTTPErrorConvertible {
    /// 401 `unauthorized`.
    var httpError: HTTPError? { .unauthorized("This account no longer exists; nothing was stored.") }
}
