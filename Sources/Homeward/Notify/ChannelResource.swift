import HomewardStore

/// A channel as the API shows it: `{id, kind, label?, target, alertTypes?, createdAt, updatedAt,
/// lastSuccessAt?, lastError?, lastErrorAt?}`. Tokens and push keys are never shown back.
public struct ChannelResource: Sendable, Codable, Equatable {
    /// Opaque channel id.
    public var id: String
    /// The service.
    public var kind: ChannelKind
    /// The guardian's name for it.
    public var label: String?
    /// Where it sends, without secrets: the ntfy topic URL, the Gotify server, the Telegram chat, the
    /// address, or the push service.
    public var target: String
    /// The alert types it carries; absent: every type.
    public var alertTypes: [AlertType]?
    /// When it was added.
    public var createdAt: Timestamp
    /// When it last changed.
    public var updatedAt: Timestamp
    /// When a delivery or a test last got through.
    public var lastSuccessAt: Timestamp?
    /// What the last failed delivery or test saw.
    public var lastError: String?
    /// When that was.
    public var lastErrorAt: Timestamp?
}

/// `{channels: [...]}`, oldest first.
public struct ChannelList: Sendable, Codable, Equatable {
    /// The guardian's channels.
    public var channels: [ChannelResource]
}
