@testable import Homeward

extension API {
    /// The body of `POST /v1/me/channels`: a kind and the settings object named after it.
    struct ChannelRequest: Encodable {
        /// An ntfy topic, and its access token when the topic is protected.
        struct Ntfy: Encodable { let url: String; var token: String? }
        /// A Gotify server and an application token.
        struct Gotify: Encodable { let url: String; let token: String }
        /// A Telegram bot and the chat it writes to.
        struct Telegram: Encodable { let botToken: String; let chatId: String }
        /// An email address.
        struct Email: Encodable { let address: String }
        /// A browser's push subscription: the push service and the browser's key and secret, base64url.
        struct WebPush: Encodable {
            /// The browser's key and secret.
            struct Keys: Encodable { let p256dh: String; let auth: String }
            let endpoint: String
            let keys: Keys
        }

        let kind: ChannelKind
        var label: String?
        var alertTypes: [AlertType]?
        /// The settings objects: the one named after the kind (more than one is refused).
        var ntfy: Ntfy?, gotify: Gotify?, telegram: Telegram?, email: Email?, webpush: WebPush?

        /// An ntfy topic at `url`.
        static func ntfy(_ url: String, token: String? = nil, label: String? = nil) -> Self {
            Self(kind: .ntfy, label: label, ntfy: Ntfy(url: url, token: token))
        }

        /// A Gotify application on the server at `url`, carrying `alertTypes` (every type when nil).
        static func gotify(_ url: String, token: String, alertTypes: [AlertType]? = nil) -> Self {
            Self(kind: .gotify, alertTypes: alertTypes, gotify: Gotify(url: url, token: token))
        }

        /// A Telegram bot writing to `chatId`.
        static func telegram(botToken: String, chatId: String) -> Self {
            Self(kind: .telegram, telegram: Telegram(botToken: botToken, chatId: chatId))
        }

        /// Mail to `address`.
        static func email(_ address: String) -> Self {
            Self(kind: .email, email: Email(address: address))
        }

        /// A push subscription at `endpoint` with the browser's keys.
        static func webpush(_ endpoint: String, p256dh: String, auth: String) -> Self {
            Self(kind: .webpush, webpush: WebPush(endpoint: endpoint, keys: WebPush.Keys(p256dh: p256dh, auth: auth)))
        }
    }

    /// The body of `PATCH /v1/me/channels/{id}`: what to change.
    struct ChannelUpdate: Encodable {
        var label: String?
        var alertTypes: [AlertType]?
    }
}
