/// How one event of an alert reached one recipient on one channel: `{recipient, channel, channelId?,
/// channelLabel?, event, status, attempts, createdAt, deliveredAt?, nextAttemptAt?, lastError?}`
/// (GET /v1/alerts/{id}/deliveries).
public struct AlertDelivery: Sendable, Codable, Equatable {
    /// The guardian or companion it was sent to.
    public var recipient: AccountSummary
    /// The channel: `webhook`, `ntfy`, `gotify`, `telegram`, `email` or `webpush`.
    public var channel: String
    /// The channel's id (absent for the webhook).
    public var channelId: String?
    /// The channel's label, if the recipient gave it one.
    public var channelLabel: String?
    /// What changed: `raised`, `fired`, `escalated`, `acknowledged`, `resolved` or `cancelled`.
    public var event: String
    /// `pending` (still being tried), `held` (waiting for the end of the recipient's quiet hours),
    /// `delivered` (the service took it) or `failed` (given up).
    public var status: String
    /// Attempts so far.
    public var attempts: Int
    /// When the delivery was queued, with the alert's change.
    public var createdAt: Timestamp
    /// When it got through.
    public var deliveredAt: Timestamp?
    /// When it is tried next, while pending or held.
    public var nextAttemptAt: Timestamp?
    /// What the last failed attempt saw, if one failed.
    public var lastError: String?
}
