/// The body of `POST /v1/password-reset`: the token of a reset link and the new password.
struct PasswordResetRequest: Decodable, Sendable {
    let token: String
    let newPassword: String
}
