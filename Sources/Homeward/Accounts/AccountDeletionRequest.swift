/// The body of DELETE /v1/me: the password, so a borrowed unlocked phone cannot erase an account.
struct AccountDeletionRequest: Decodable, Sendable {
    let password: String
}
