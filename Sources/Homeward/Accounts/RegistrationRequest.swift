/// The body of POST /v1/accounts.
struct RegistrationRequest: Decodable, Sendable {
    let phone: String
    let password: String
    let name: String
    /// The country (ISO code, the browser's) a phone typed the local way is read in.
    var country: String?
}
