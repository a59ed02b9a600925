extension API {
    /// The answer to `POST /v1/web/session`: the CSRF token and the account; the session token
    /// itself travels only in the cookie.
    struct WebSession: Decodable {
        let csrfToken: String
        let account: Account
    }
}
