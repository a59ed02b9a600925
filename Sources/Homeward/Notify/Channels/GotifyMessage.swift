/// An alert as a Gotify message: `POST <server>/message` with the application token in `X-Gotify-Key`
/// and `{title, message, priority, extras}`; the priority follows the notification's (10 for SOS,
/// danger and escalations, 8 for other new alerts, 4 otherwise), and `extras` opens the web app.
struct GotifyMessage: Encodable {
    /// Gotify's `client::notification` extra: what a tap on the notification opens.
    struct Extras: Encodable {
        struct Notification: Encodable {
            struct Click: Encodable { var url: String }
            var click: Click
        }

        var notification: Notification

        enum CodingKeys: String, CodingKey { case notification = "client::notification" }
    }

    var title: String
    var message: String
    var priority: Int
    var extras: Extras?

    /// The request posting `notification` to the Gotify server at `serverURL`.
    static func request(_ notification: AlertNotification, serverURL: String, token: String) throws -> OutgoingRequest {
        let base = serverURL.hasSuffix("/") ? String(serverURL.dropLast()) : serverURL
        guard let url = OutgoingURL(base + "/message") else { throw OutgoingError("not a Gotify server URL") }
        var text = notification.message
        if let map = notification.mapLink { text += "\n\(map)" }
        let message = GotifyMessage(
            title: notification.title, message: text, priority: notification.priority,
            extras: notification.link.map { Extras(notification: .init(click: .init(url: $0))) })
        return OutgoingRequest(
            url: url, headers: [OutgoingHeader("Content-Type", "application/json"), OutgoingHeader("X-Gotify-Key", token)],
            body: try JSONBytes.encode(message))
    }
}
