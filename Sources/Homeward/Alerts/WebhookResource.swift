/// A guardian's webhook as the API shows it: `{url, createdAt, updatedAt}` (the secret is never shown).
public struct WebhookResource: Sendable, Codable, Equatable {
    /// The receiver.
    public var url: String
    /// When it was first set.
    public var createdAt: Timestamp
    /// When it last changed.
    public var updatedAt: Timestamp
}
