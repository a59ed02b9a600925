import Foundation
import HomewardHTTP

/// The body of POST /v1/me/channels: `{kind, label?, alertTypes?}` and the settings object named after
/// the kind: `ntfy: {url, token?}`, `gotify: {url, token}`, `telegram: {botToken, chatId}`,
/// `email: {address}` or `webpush: {endpoint, expirationTime?, keys: {p256dh, auth}}` (a browser's
/// `PushSubscription.toJSON()` as it is).
public struct ChannelRequest: Sendable, Decodable {
    /// An ntfy topic.
    public struct Ntfy: Sendable, Decodable {
        /// The topic URL, `https://ntfy.sh/<topic>`.
        public var url: String
        /// An access token (`tk_...`) for a protected topic.
        public var token: String?
    }

    /// A Gotify application.
    public struct Gotify: Sendable, Decodable {
        /// The server's base URL.
        public var url: String
        /// The application's token.
        public var token: String
    }

    /// A Telegram bot and chat.
    public struct Telegram: Sendable, Decodable {
        /// The token @BotFather gave, `<digits>:<characters>`.
        public var botToken: String
        /// The chat's id (a number, negative for groups) or `@channelname`.
        public var chatId: String
    }

    /// An email address.
    public struct Email: Sendable, Decodable {
        /// Where to send.
        public var address: String
    }

    /// A browser's push subscription.
    public struct WebPush: Sendable, Decodable {
        /// The browser's keys.
        public struct Keys: Sendable, Decodable {
            /// The browser's P-256 public key, base64url.
            public var p256dh: String
            /// The browser's 16-byte authentication secret, base64url.
            public var auth: String
        }

        /// The push service URL of the subscription.
        public var endpoint: String
        /// When the subscription ends, if the browser says (ignored: a gone subscription answers 404 or 410).
        public var expirationTime: Double?
        /// The browser's keys.
        public var keys: Keys
    }

    /// What an ntfy topic URL looks like: a server (optionally under a path) and the topic.
    static let ntfyURLPattern = #"^https?://[A-Za-z0-9.-]+(:([1-9][0-9]{0,3}|[1-5][0-9]{4}|6[0-4][0-9]{3}|65[0-4][0-9]{2}|655[0-2][0-9]|6553[0-5]))?(/[A-Za-z0-9._~-]+)*/[A-Za-z0-9_-]{1,64}$"#
    /// What a Gotify server URL looks like.
    static let gotifyURLPattern = #"^https?://[A-Za-z0-9.-]+(:([1-9][0-9]{0,3}|[1-5][0-9]{4}|6[0-4][0-9]{3}|65[0-4][0-9]{2}|655[0-2][0-9]|6553[0-5]))?(/[A-Za-z0-9._~-]+)*/?$"#
    /// What a push service endpoint looks like.
    static let pushEndpointPattern = #"^https://[A-Za-z0-9.-]+(:([1-9][0-9]{0,3}|[1-5][0-9]{4}|6[0-4][0-9]{3}|65[0-4][0-9]{2}|655[0-2][0-9]|6553[0-5]))?(/[A-Za-z0-9._~!$&'()*+,;=:@%-]*)*$"#
    /// The email addresses a channel takes: a plain dot-atom local part and a host name.
    static let emailPattern = #"^[A-Za-z0-9_+-]{1,30}(\.[A-Za-z0-9_+-]{1,16}){0,2}@[A-Za-z0-9]{1,20}(-[A-Za-z0-9]{1,20})?(\.[A-Za-z0-9]{1,20}(-[A-Za-z0-9]{1,20})?){0,3}\.[A-Za-z]{2,20}$"#

    /// Whether `text` matches `pattern` as a whole (the same patterns as schema/openapi.yaml).
    static func matches(_ text: String, _ pattern: String) -> Bool {
        text.range(of: pattern, options: .regularExpression) != nil
    }

    /// Longest label.
    public static let maxLabelCharacters = 100
    /// Longest token (ntfy, Gotify).
    public static let maxTokenCharacters = 200

    /// What kind of channel.
    public var kind: ChannelKind
    /// The guardian's name for it.
    public var label: String?
    /// The alert types it carries; absent or null: every type.
    public var alertTypes: [AlertType]?
    /// The ntfy settings, for `kind: ntfy`.
    public var ntfy: Ntfy?
    /// The Gotify settings, for `kind: gotify`.
    public var gotify: Gotify?
    /// The Telegram settings, for `kind: telegram`.
    public var telegram: Telegram?
    /// The email settings, for `kind: email`.
    public var email: Email?
    /// The push subscription, for `kind: webpush`.
    public var webpush: WebPush?

    /// Checks the request and returns what to store; 400 with the field at fault otherwise.
    public func validatedSettings() throws(HTTPError) -> ChannelSettings {
        try Self.validate(label: label)
        try Self.validate(alertTypes: alertTypes)
        let given = [ntfy != nil ? "ntfy" : nil, gotify != nil ? "gotify" : nil, telegram != nil ? "telegram" : nil,
                     email != nil ? "email" : nil, webpush != nil ? "webpush" : nil].compactMap { $0 }
        guard given == [kind.rawValue] else {
            throw .invalidRequest("Give exactly one settings object, named after the kind: \(kind.rawValue).", field: kind.rawValue)
        }
        switch kind {
        case .ntfy:
            guard let ntfy else { break }
            guard Self.matches(ntfy.url, Self.ntfyURLPattern), let url = OutgoingURL(ntfy.url), Self.ntfyTopic(of: url) != nil else {
                throw .invalidRequest("ntfy.url must be a topic URL such as https://ntfy.sh/my-topic (topic: letters, digits, - and _).", field: "ntfy.url")
            }
            if let token = ntfy.token { try Self.validate(token: token, field: "ntfy.token") }
            return .ntfy(topicURL: ntfy.url, token: ntfy.token)
        case .gotify:
            guard let gotify else { break }
            guard Self.matches(gotify.url, Self.gotifyURLPattern), OutgoingURL(gotify.url) != nil else {
                throw .invalidRequest("gotify.url must be the Gotify server's https:// or http:// URL.", field: "gotify.url")
            }
            try Self.validate(token: gotify.token, field: "gotify.token")
            return .gotify(serverURL: gotify.url, token: gotify.token)
        case .telegram:
            guard let telegram else { break }
            guard Self.isTelegramBotToken(telegram.botToken) else {
                throw .invalidRequest("telegram.botToken must be the token @BotFather gave, such as 123456789:AAE...", field: "telegram.botToken")
            }
            guard Self.isTelegramChat(telegram.chatId) else {
                throw .invalidRequest("telegram.chatId must be a chat id (digits, negative for a group) or @channelname.", field: "telegram.chatId")
            }
            return .telegram(botToken: telegram.botToken, chatID: telegram.chatId)
        case .email:
            guard let email else { break }
            do {
                _ = try MailAddress(email.address)
            } catch {
                throw .invalidRequest("email.address must be an email address such as anna@example.org: \(error)", field: "email.address")
            }
            guard Self.matches(email.address, Self.emailPattern) else {
                throw .invalidRequest(
                    "email.address must be a plain address such as anna@example.org (letters, digits, _, + and - around single dots).",
                    field: "email.address")
            }
            return .email(address: email.address)
        case .webpush:
            guard let webpush else { break }
            guard Self.matches(webpush.endpoint, Self.pushEndpointPattern), let url = OutgoingURL(webpush.endpoint), url.scheme == "https" else {
                throw .invalidRequest("webpush.endpoint must be the subscription's https:// push service URL.", field: "webpush.endpoint")
            }
            guard let key = Base64URL.decode(webpush.keys.p256dh), P256Key(publicKey: key) != nil else {
                throw .invalidRequest("webpush.keys.p256dh must be the browser's P-256 public key (65 bytes, a point on the curve, base64url).", field: "webpush.keys.p256dh")
            }
            guard let auth = Base64URL.decode(webpush.keys.auth), auth.count == 16 else {
                throw .invalidRequest("webpush.keys.auth must be the browser's 16-byte secret, base64url.", field: "webpush.keys.auth")
            }
            return .webpush(endpoint: webpush.endpoint, p256dh: webpush.keys.p256dh, auth: webpush.keys.auth)
        }
        throw .invalidRequest("\(kind.rawValue) settings are required.", field: kind.rawValue)
    }

    /// The topic of an ntfy topic URL (its one path segment), if it has one.
    static func ntfyTopic(of url: OutgoingURL) -> String? {
        guard let path = URLComponents(string: url.text)?.path else { return nil }
        let segments = path.split(separator: "/", omittingEmptySubsequences: true)
        guard let topic = segments.last, (1...64).contains(topic.count),
              topic.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") }) else { return nil }
        return String(topic)
    }

    static func validate(label: String?) throws(HTTPError) {
        guard let label else { return }
        guard label.unicodeScalars.contains(where: { !spaces.contains($0) }), label.unicodeScalars.count <= maxLabelCharacters else {
            throw .invalidRequest("label must be 1 to \(maxLabelCharacters) characters, not only spaces.", field: "label")
        }
    }

    /// What counts as space in a label: the white space of JSON Schema's (ECMAScript's) `\s`, so the
    /// schema's `\S` pattern and the server agree.
    private static let spaces = CharacterSet(charactersIn: "\t\n\u{0B}\u{0C}\r \u{A0}\u{1680}\u{2028}\u{2029}\u{202F}\u{205F}\u{3000}\u{FEFF}")
        .union(CharacterSet(charactersIn: "\u{2000}"..."\u{200A}"))

    static func validate(alertTypes: [AlertType]?) throws(HTTPError) {
        guard let alertTypes else { return }
        guard !alertTypes.isEmpty, Set(alertTypes).count == alertTypes.count else {
            throw .invalidRequest("alertTypes must list one or more alert types, each once (null for every type).", field: "alertTypes")
        }
    }

    private static func validate(token: String, field: String) throws(HTTPError) {
        guard (1...maxTokenCharacters).contains(token.count),
              token.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "-_.~".contains($0)) }) else {
            throw .invalidRequest("\(field) must be 1 to \(maxTokenCharacters) letters, digits, -, _, . or ~.", field: field)
        }
    }

    private static func isTelegramBotToken(_ token: String) -> Bool {
        let parts = token.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
        guard parts.count == 2, (1...20).contains(parts[0].count), parts[0].allSatisfy(\.isNumber),
              (20...100).contains(parts[1].count) else { return false }
        return parts.allSatisfy { $0.allSatisfy { $0.isASCII } }
            && parts[1].allSatisfy { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }
    }

    private static func isTelegramChat(_ chat: String) -> Bool {
        if chat.hasPrefix("@") {
            let name = chat.dropFirst()
            return (5...32).contains(name.count) && name.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") }
        }
        let digits = chat.hasPrefix("-") ? chat.dropFirst() : Substring(chat)
        return (1...20).contains(digits.count) && digits.allSatisfy { $0.isASCII && $0.isNumber }
    }
}

/// The body of PATCH /v1/me/channels/{id}: `{label?, alertTypes?}`; null clears (every alert type).
public struct ChannelUpdate: Sendable, Decodable {
    /// A new label, or null to remove it.
    var label: FieldPatch<String>
    /// New alert types, or null for every type.
    var alertTypes: FieldPatch<[AlertType]>

    private enum CodingKeys: String, CodingKey { case label, alertTypes }

    /// Reads the patch; absent keys are unchanged.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        label = try FieldPatch(.label, in: container)
        alertTypes = try FieldPatch(.alertTypes, in: container)
    }

    /// Checks the new values; 400 with the field at fault otherwise.
    func validate() throws(HTTPError) {
        if case .set(let label) = label { try ChannelRequest.validate(label: label) }
        if case .set(let types) = alertTypes { try ChannelRequest.validate(alertTypes: types) }
    }
}
