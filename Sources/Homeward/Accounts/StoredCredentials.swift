/// What a login or a password confirmation needs of an account: its keys and its password hash.
struct StoredCredentials: Sendable {
    let key: AccountKey
    let id: String
    let phone: String
    let passwordHash: String
}
