/// The body of POST /v1/sessions.
struct LoginRequest: Decodable, Sendable {
    let phone: String
    let password: String
    let deviceName: String?
    /// The country (ISO code, the browser's) a phone typed the local way is read in.
    var country: String?
}
