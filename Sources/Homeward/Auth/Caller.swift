/// Who is making a request, once the `Authenticator` has checked their credentials.
public struct Caller: Sendable, Equatable {
    /// The caller's account.
    public let accountKey: AccountKey
    /// The caller's opaque account id.
    public let accountID: String
    /// The session the bearer token belongs to, when the caller logged in with one.
    public let sessionID: String?
    /// The device whose key the caller presented, when a tracking client posts with one.
    public let deviceID: String?

    /// Creates a caller.
    public init(accountKey: AccountKey, accountID: String, sessionID: String?, deviceID: String? = nil) {
        self.accountKey = accountKey
        self.accountID = accountID
        self.sessionID = sessionID
        self.deviceID = deviceID
    }
}
