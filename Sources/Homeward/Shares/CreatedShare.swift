/// The answer to `POST /v1/shares`: the token, shown this once, and the link to hand over.
struct CreatedShare: Encodable, Sendable {
    /// The opaque share id.
    let id: String
    /// The secret that reads the share; revoke with `DELETE /v1/shares/{token}`.
    let token: String
    /// The read-only link: `<public base URL>/v1/shared/<token>/<scope>`.
    let url: String
    /// What the link reads.
    let scope: ShareScope
    /// When the link stops working.
    let expiresAt: Timestamp
}
