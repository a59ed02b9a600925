import HomewardHTTP

/// The body of `POST /v1/shares`: `{scope, expiresInSeconds}`.
struct ShareRequest: Decodable, Sendable {
    let scope: ShareScope
    let expiresInSeconds: Int

    /// 400 naming the field that breaks a rule.
    func validate() throws(HTTPError) {
        guard (ShareLimits.minLifetimeSeconds...ShareLimits.maxLifetimeSeconds).contains(expiresInSeconds) else {
            throw .invalidRequest(
                "expiresInSeconds must be from \(ShareLimits.minLifetimeSeconds) to \(ShareLimits.maxLifetimeSeconds)",
                field: "expiresInSeconds")
        }
    }
}
