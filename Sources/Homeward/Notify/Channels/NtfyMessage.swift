/// An alert as an ntfy message, published as JSON to the server's root (`{topic, title, message,
/// priority, tags, click, actions}`, ntfy's "publish as JSON"), so names and messages in any script
/// arrive intact; an access token goes in `Authorization: Bearer`.
struct NtfyMessage: Encodable {
    /// An action button: `{action: "view", label, url}`.
    struct Action: Encodable {
        var action = "view"
        var label: String
        var url: String
    }

    var topic: String
    var title: String
    var message: String
    /// 1 (min) to 5 (max, "urgent"): 5 for SOS, danger and escalations, 4 for other new alerts, 3 otherwise.
    var priority: Int
    /// Tags; ntfy shows emoji short codes as emoji in front of the title.
    var tags: [String]
    /// Opens the person's page in the web app.
    var click: String?
    /// "Open map" when the alert has a position.
    var actions: [Action]?

    /// The message for `notification`.
    init(_ notification: AlertNotification, topic: String) {
        self.topic = topic
        title = notification.title
        message = notification.message
        priority = notification.isUrgent ? 5 : notification.isNew ? 4 : 3
        tags = [Self.emoji(for: notification), "homeward", notification.alert.type.rawValue]
        click = notification.link
        actions = notification.mapLink.map { [Action(label: "Open map", url: $0)] }
    }

    /// The request publishing it for a channel with topic URL `topicURL`.
    static func request(_ notification: AlertNotification, topicURL: String, token: String?) throws -> OutgoingRequest {
        guard let topicAddress = OutgoingURL(topicURL), let topic = NtfyChannel.topic(of: topicAddress),
              let root = OutgoingURL(String(topicURL.dropLast(topic.count + (topicURL.hasSuffix("/") ? 1 : 0))))
        else { throw OutgoingError("not an ntfy topic URL") }
        var headers = [OutgoingHeader("Content-Type", "application/json")]
        if let token { headers.append(OutgoingHeader("Authorization", "Bearer \(token)")) }
        return OutgoingRequest(url: root, headers: headers, body: try JSONBytes.encode(NtfyMessage(notification, topic: topic)))
    }

    private static func emoji(for notification: AlertNotification) -> String {
        switch notification.event {
        case "acknowledged", "resolved": return "white_check_mark"
        case "escalated": return "rotating_light"
        default: return notification.alert.type.rule?.icon ?? "warning"
        }
    }
}
