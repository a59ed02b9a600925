/// The body of POST /v1/accounts.
struct RegistrationRequest: Decodable, Sendable {
    let phone: String
    let password: String
    let name: String
}
