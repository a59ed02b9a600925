/// The web app's view of its session: the CSRF token its scripts send with every change, and the
/// account. The session token itself stays in the HttpOnly cookie.
struct WebSessionResource: Encodable, Sendable {
    let csrfToken: String
    let account: AccountResource
}
