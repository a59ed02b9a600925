/// The body of `POST /v1/password-reset/email`: the phone, and optionally the country (ISO code, the
/// browser's) a phone typed the local way is read in.
struct PasswordResetMailRequest: Decodable, Sendable {
    let phone: String
    var country: String?
}
