/// The body of PUT /v1/me/password.
struct PasswordChangeRequest: Decodable, Sendable {
    let currentPassword: String
    let newPassword: String
}
