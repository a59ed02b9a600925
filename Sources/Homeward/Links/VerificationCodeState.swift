/// `GET /v1/me/verification-code`: whether the caller's code (the one asked about, or any) is still
/// live, and until when.
struct VerificationCodeState: Encodable, Sendable {
    let live: Bool
    let expiresAt: Timestamp?
}
