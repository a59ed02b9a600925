import HomewardHTTP

/// `telegram`: a Telegram chat, through a bot the guardian made (`TelegramMessage`); the Bot API's
/// address is its own setting, `--telegram-api-url`.
public struct TelegramChannel: NotificationChannel {
    /// `{botToken, chatId}`: the token @BotFather gave, `<digits>:<characters>`, and the chat's id (a
    /// number, negative for groups) or `@channelname`.
    public struct Request: Sendable, Decodable {
        public var botToken: String
        public var chatId: String
    }

    public static let kind = ChannelKind.telegram
    /// Where the Bot API is answered: Telegram's, or a local Bot API server.
    public static let apiURL = PluginSetting<String>(
        "telegram-api-url", default: "https://api.telegram.org", help: "The Telegram Bot API's address (a local Bot API server)",
        check: .that("must be an https:// or http:// URL") { url, _ in OutgoingURL(url) != nil })
    public static let settings = [apiURL.declaration]
    public static let name = "Telegram"
    public static let help = [
        "In Telegram, open @BotFather, send /newbot and follow the steps: it answers with a long bot key.",
        "Open your new bot and send it any message (it may only write to you after that).",
        "Open @userinfobot to see your chat number. Enter both below.",
    ]
    public static let fields = [
        ChannelField("botToken", "Bot key (the long line @BotFather sent you)", required: true, autocomplete: "off"),
        ChannelField("chatId", "Your chat number (digits; @userinfobot tells you)", required: true),
    ]

    /// The bot token.
    var botToken: String
    /// The chat it writes to.
    var chatID: String

    private enum CodingKeys: String, CodingKey {
        case botToken = "token"
        case chatID = "chatId"
    }

    public init(validating request: Request) throws(HTTPError) {
        guard Self.isBotToken(request.botToken) else {
            throw .invalidRequest("telegram.botToken must be the token @BotFather gave, such as 123456789:AAE...", field: "telegram.botToken")
        }
        guard Self.isChat(request.chatId) else {
            throw .invalidRequest("telegram.chatId must be a chat id (digits, negative for a group) or @channelname.", field: "telegram.chatId")
        }
        botToken = request.botToken
        chatID = request.chatId
    }

    public var target: String { "chat \(chatID)" }

    public func send(_ notification: AlertNotification, via delivery: ChannelDelivery, completion: @escaping ChannelDelivery.Completion) throws {
        let requests = try TelegramMessage.requests(notification, apiURL: Self.apiURL.value(in: delivery), botToken: botToken, chatID: chatID)
        let (client, logger) = (delivery.client, delivery.logger)
        client.send(requests[0]) { result in
            let outcome = failure(of: result)
            completion(outcome)
            guard outcome == nil else { return }
            // The position is a second message: the alert itself was delivered either way.
            for followUp in requests.dropFirst() {
                client.send(followUp) { result in
                    if let failure = ChannelDelivery.failure(of: result) {
                        logger.warning("telegram location not sent", metadata: ["error": "\(failure)"])
                    }
                }
            }
        }
    }

    public func destination(via delivery: ChannelDelivery) -> String? { OutgoingURL(Self.apiURL.value(in: delivery))?.destination }

    private static func isBotToken(_ token: String) -> Bool {
        let parts = token.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
        guard parts.count == 2, (1...20).contains(parts[0].count), parts[0].allSatisfy(\.isNumber),
              (20...100).contains(parts[1].count) else { return false }
        return parts.allSatisfy { $0.allSatisfy { $0.isASCII } }
            && parts[1].allSatisfy { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }
    }

    private static func isChat(_ chat: String) -> Bool {
        if chat.hasPrefix("@") {
            let name = chat.dropFirst()
            return (5...32).contains(name.count) && name.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") }
        }
        let digits = chat.hasPrefix("-") ? chat.dropFirst() : Substring(chat)
        return (1...20).contains(digits.count) && digits.allSatisfy { $0.isASCII && $0.isNumber }
    }
}

extension ChannelKind {
    /// A Telegram chat, through a bot the guardian made.
    public static let telegram = ChannelKind(declaring: "telegram")
}
