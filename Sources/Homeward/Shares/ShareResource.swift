/// A share link as `GET /v1/shares` lists it: `{id, scope, createdAt, expiresAt}` (never the token).
struct ShareResource: Encodable, Sendable {
    /// The opaque share id; revoke with `DELETE /v1/shares/{id}`.
    let id: String
    /// What the link reads.
    let scope: ShareScope
    /// When the link was made.
    let createdAt: Timestamp
    /// When the link stops working.
    let expiresAt: Timestamp
}
