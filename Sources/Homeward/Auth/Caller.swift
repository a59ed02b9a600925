/// Who is making a request, once the `Authenticator` has checked their credentials.
public struct Caller: Sendable, Equatable {
    /// The caller's account.
    public let accountKey: AccountKey
    /// The caller's opaque account id.
    public let accountID: String
    /// The session the bearer token belongs to, when the caller logged in with one.
    public let sessionID: String?
    /// What the credentials may read: a session or password reads all the account may; a device key
    /// in a URL query only writes samples (URLs end up in logs and browser histories).
    public let reach: CallerReach

    /// Creates a caller.
    public init(accountKey: AccountKey, accountID: String, sessionID: String?, reach: CallerReach = .everything) {
        self.accountKey = accountKey
        self.accountID = accountID
        self.sessionID = sessionID
        self.reach = reach
    }
}
