/// The body of GET /v1/links: the caller's links as guardian (`dependents`) and as dependent (`guardians`).
struct LinkList: Encodable, Sendable {
    let dependents: [LinkResource]
    let guardians: [LinkResource]
}
