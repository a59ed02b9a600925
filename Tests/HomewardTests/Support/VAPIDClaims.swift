/// The claims of a VAPID token (RFC 8292): the push service's origin, the expiry in Unix seconds and
/// the contact; optional, since a test may see a token that lacks one.
struct VAPIDClaims: Decodable, Equatable {
    let aud: String?
    let exp: Int?
    let sub: String?
}
