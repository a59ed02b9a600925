/// The body of POST /v1/links: the dependent's phone and their verification code, and optionally the
/// country (ISO 3166 code, e.g. "GB", the browser's) a phone typed the local way is read in.
struct LinkRequest: Decodable, Sendable {
    let phone: String
    let code: String
    var country: String?
}
