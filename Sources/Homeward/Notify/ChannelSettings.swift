import Foundation

/// Where and how a channel sends, as stored (JSON in `notification_channels.settings`). Tokens are kept
/// in clear because they are needed to send; the API never shows them back.
public enum ChannelSettings: Sendable, Equatable {
    /// An ntfy topic URL (`https://ntfy.sh/my-topic`) and an optional access token (`tk_...`).
    case ntfy(topicURL: String, token: String?)
    /// A Gotify server's base URL and an application token.
    case gotify(serverURL: String, token: String)
    /// A Telegram bot token and the chat it writes to.
    case telegram(botToken: String, chatID: String)
    /// An email address.
    case email(address: String)
    /// A browser's push subscription: the push service endpoint and the browser's keys.
    case webpush(endpoint: String, p256dh: String, auth: String)

    /// The kind of channel.
    public var kind: ChannelKind {
        switch self {
        case .ntfy: .ntfy
        case .gotify: .gotify
        case .telegram: .telegram
        case .email: .email
        case .webpush: .webpush
        }
    }

    /// What the API shows of the target, never a token: the topic URL, the server, the chat id, the
    /// address, or the push service's origin.
    public var target: String {
        switch self {
        case .ntfy(let url, _): url
        case .gotify(let url, _): url
        case .telegram(_, let chat): "chat \(chat)"
        case .email(let address): address
        case .webpush(let endpoint, _, _): OutgoingURL(endpoint).map { "\($0.scheme)://\($0.host)" } ?? "push service"
        }
    }

    private struct Stored: Codable {
        var url: String?
        var token: String?
        var chatId: String?
        var address: String?
        var endpoint: String?
        var p256dh: String?
        var auth: String?
    }

    /// The JSON kept in the database.
    func json() throws -> String {
        let stored: Stored
        switch self {
        case .ntfy(let url, let token): stored = Stored(url: url, token: token)
        case .gotify(let url, let token): stored = Stored(url: url, token: token)
        case .telegram(let botToken, let chatID): stored = Stored(token: botToken, chatId: chatID)
        case .email(let address): stored = Stored(address: address)
        case .webpush(let endpoint, let p256dh, let auth): stored = Stored(endpoint: endpoint, p256dh: p256dh, auth: auth)
        }
        return String(decoding: try JSONBytes.encode(stored), as: UTF8.self)
    }

    /// Reads the stored JSON of a channel of `kind`; nil when it does not hold what the kind needs.
    init?(kind: ChannelKind, json: String) {
        guard let stored = try? JSONDecoder().decode(Stored.self, from: Data(json.utf8)) else { return nil }
        switch kind {
        case .ntfy:
            guard let url = stored.url else { return nil }
            self = .ntfy(topicURL: url, token: stored.token)
        case .gotify:
            guard let url = stored.url, let token = stored.token else { return nil }
            self = .gotify(serverURL: url, token: token)
        case .telegram:
            guard let token = stored.token, let chat = stored.chatId else { return nil }
            self = .telegram(botToken: token, chatID: chat)
        case .email:
            guard let address = stored.address else { return nil }
            self = .email(address: address)
        case .webpush:
            guard let endpoint = stored.endpoint, let p256dh = stored.p256dh, let auth = stored.auth else { return nil }
            self = .webpush(endpoint: endpoint, p256dh: p256dh, auth: auth)
        }
    }
}
