/// The answer of `GET /v1/shares`: the caller's links that still work, oldest first.
struct ShareList: Encodable, Sendable {
    let shares: [ShareResource]
}
