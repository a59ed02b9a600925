/// The body of PUT /v1/me/verification-code: a chosen code (or none, to have one drawn) and a lifetime.
struct VerificationCodeRequest: Decodable, Sendable {
    let code: String?
    let ttlSeconds: Int?
}
