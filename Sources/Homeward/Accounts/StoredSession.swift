/// A session as authentication reads it: whose it is and, in Unix milliseconds, when it expires and
/// was last used (the authenticator slides both).
struct StoredSession: Sendable {
    var id: String
    var accountKey: AccountKey
    var accountID: String
    var expiresAt: Int64
    var lastUsedAt: Int64
}
