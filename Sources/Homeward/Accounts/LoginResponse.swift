/// The answer to a successful login: the bearer token (shown once), when it expires unless used,
/// and the account.
struct LoginResponse: Encodable, Sendable {
    let token: String
    let expiresAt: Timestamp
    let account: AccountResource
}
