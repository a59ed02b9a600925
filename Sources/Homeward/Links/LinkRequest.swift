/// The body of POST /v1/links: the dependent's phone and their verification code.
struct LinkRequest: Decodable, Sendable {
    let phone: String
    let code: String
}
