/// The body of GET /v1/me/sessions.
struct SessionList: Encodable, Sendable {
    let sessions: [SessionResource]
}
