/// How one event of an alert reached one recipient on one channel: `{recipient, channel, event, status,
/// attempts, createdAt, deliveredAt?, lastError?}` (GET /v1/alerts/{id}/deliveries).
public struct AlertDelivery: Sendable, Codable, Equatable {
    /// The guardian or companion it was sent to.
    public var recipient: AccountSummary
    /// The channel: `webhook`.
    public var channel: String
    /// What changed: `raised`, `fired`, `acknowledged`, `resolved` or `cancelled`.
    public var event: String
    /// `pending` (still being tried), `delivered` (a 2xx) or `failed` (given up).
    public var status: String
    /// Attempts so far.
    public var attempts: Int
    /// When the delivery was queued, with the alert's change.
    public var createdAt: Timestamp
    /// When it got through.
    public var deliveredAt: Timestamp?
    /// What the last failed attempt saw, if one failed.
    public var lastError: String?
}
