/// The body of POST /v1/sessions.
struct LoginRequest: Decodable, Sendable {
    let phone: String
    let password: String
    let deviceName: String?
}
