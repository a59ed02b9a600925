/// One live session of the caller's account, as GET /v1/me/sessions lists it.
struct SessionResource: Encodable, Sendable {
    let id: String
    let deviceName: String?
    let createdAt: Timestamp
    let lastUsedAt: Timestamp
    let expiresAt: Timestamp
    /// Whether this is the session of the request's own token.
    let current: Bool
}
