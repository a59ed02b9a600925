extension API {
    /// One share of `GET /v1/shares`; the token is shown only when the share is made.
    struct Share: Decodable {
        let id: String
        let scope: String
        let createdAt: String
        let expiresAt: String
    }

    /// The answer to `POST /v1/shares`: the only time the token, and the link made of it, are shown.
    struct NewShare: Decodable {
        let id, token, url, scope, expiresAt: String
    }

    /// `GET /v1/shares`.
    struct ShareList: Decodable {
        let shares: [Share]
    }

    /// The body of `POST /v1/shares`: what to share, and for how long.
    struct ShareRequest: Encodable {
        let scope: String
        let expiresInSeconds: Int
    }
}
