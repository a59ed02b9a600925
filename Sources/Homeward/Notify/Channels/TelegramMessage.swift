/// An alert as Telegram Bot API calls: `sendMessage` with the title and the sentence (and the web app's
/// link), then `sendLocation` with where the person was, when the alert says and it is news of a new
/// alert. The bot token is part of the path (`/bot<token>/sendMessage`), as the Bot API wants.
enum TelegramMessage {
    private struct Text: Encodable {
        var chat_id: String
        var text: String
        var disable_web_page_preview = true
    }

    private struct Location: Encodable {
        var chat_id: String
        var latitude: Double
        var longitude: Double
        var horizontal_accuracy: Double?
    }

    /// The calls for `notification`: the message first; the location follows only once it got through.
    static func requests(_ notification: AlertNotification, apiURL: String, botToken: String, chatID: String) throws -> [OutgoingRequest] {
        let base = (apiURL.hasSuffix("/") ? String(apiURL.dropLast()) : apiURL) + "/bot\(botToken)/"
        guard let sendMessage = OutgoingURL(base + "sendMessage"), let sendLocation = OutgoingURL(base + "sendLocation") else {
            throw OutgoingError("not a Telegram API URL")
        }
        let headers = [OutgoingHeader("Content-Type", "application/json")]
        var text = "\(notification.title)\n\(notification.message)"
        if let link = notification.link { text += "\n\(link)" }
        var requests = [OutgoingRequest(url: sendMessage, headers: headers, body: try JSONBytes.encode(Text(chat_id: chatID, text: text)))]
        if notification.isNew, let location = notification.alert.location {
            let body = Location(
                chat_id: chatID, latitude: location.lat, longitude: location.lon,
                horizontal_accuracy: location.accuracy.map { min($0, 1_500) })
            requests.append(OutgoingRequest(url: sendLocation, headers: headers, body: try JSONBytes.encode(body)))
        }
        return requests
    }
}
