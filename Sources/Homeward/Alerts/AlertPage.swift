/// One page of GET /v1/alerts: `{alerts, nextCursor?}`, newest first.
public struct AlertPage: Sendable, Encodable {
    /// The alerts on this page.
    public var alerts: [AlertResource]
    /// Pass as `cursor` to get the next page; absent on the last page.
    public var nextCursor: String?
}
