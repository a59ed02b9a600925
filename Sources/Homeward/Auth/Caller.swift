/// Who is making a request, once the `Authenticator` has checked their credentials.
public struct Caller: Sendable, Equatable {
    /// The caller's account.
    public let accountKey: AccountKey
    /// The caller's opaque account id.
    public let accountID: String
    /// The session the bearer token belongs to, when the caller logged in with one.
    public let sessionID: String?

    /// Creates a caller.
    public init(accountKey: AccountKey, accountID: String, sessionID: String?) {
        self.accountKey = accountKey
        self.accountID = accountID
        self.sessionID = sessionID
    }
}
