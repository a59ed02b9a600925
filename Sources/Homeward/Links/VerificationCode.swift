/// A verification code as its owner sees it once, when setting it: the code and when it expires.
struct VerificationCode: Encodable, Sendable {
    let code: String
    let expiresAt: Timestamp
}
