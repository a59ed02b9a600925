/// A guardian's webhook as the API shows it: `{url, alertTypes?, createdAt, updatedAt, lastDeliveredAt?,
/// lastError?}`
/// (the secret is never shown).
public struct WebhookResource: Sendable, Codable, Equatable {
    /// The receiver.
    public var url: String
    /// The alert types it carries; absent: every type.
    public var alertTypes: [AlertType]?
    /// When it was first set.
    public var createdAt: Timestamp
    /// When it last changed.
    public var updatedAt: Timestamp
    /// When a delivery last reached it (a 2xx answer); absent before the first.
    public var lastDeliveredAt: Timestamp?
    /// What the newest delivery that has not (yet) succeeded saw; absent when there is none.
    public var lastError: String?
}
