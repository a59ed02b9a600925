@testable import Homeward

extension API {
    /// The body of `POST /v1/me/channels`: a kind and the settings object named after it.
    struct ChannelRequest: Encodable {
        /// An ntfy topic, and its access token when the topic is protected.
        struct Ntfy: Encodable {
            let url: String
            var token: String?
        }

        /// A Gotify server and an application token.
        struct Gotify: Encodable {
            let url: String
            let token: String
        }

        /// A Telegram bot and the chat it writes to.
        struct Telegram: Encodable {
            let botToken: String
            let chatId: String
        }

        /// An email address.
        struct Email: Encodable {
            let address: String
        }

        let kind: ChannelKind
        var label: String?
        var alertTypes: [AlertType]?
        var ntfy: Ntfy?
        var gotify: Gotify?
        var telegram: Telegram?
        var email: Email?

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
    }

    /// The body of `PATCH /v1/me/channels/{id}`: what to change.
    struct ChannelUpdate: Encodable {
        var label: String?
        var alertTypes: [AlertType]?
    }
}
