/// A row of the alert outbox (`alert_deliveries`) due to be sent, with where it goes.
struct PendingDelivery: Sendable {
    /// Where a row goes: the recipient's webhook, or one of their channels.
    enum Target: Sendable {
        case webhook(url: String, secret: String)
        case channel(key: Int64, settings: ChannelSettings)

        /// The channel's key; nil for the webhook.
        var channelKey: Int64? {
            if case .channel(let key, _) = self { return key }
            return nil
        }
    }

    var key: Int64
    var alertID: String
    var event: String
    var payload: String
    var attempts: Int
    var createdAt: Int64
    var target: Target
}
