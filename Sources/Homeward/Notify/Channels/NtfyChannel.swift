import Foundation
import HomewardHTTP

/// `ntfy`: an ntfy topic (ntfy.sh or a server of one's own), read in the ntfy app; published as JSON
/// (`NtfyMessage`), with an optional access token.
public struct NtfyChannel: NotificationChannel {
    /// `{url, token?}`: the topic URL, `https://ntfy.sh/<topic>`, and an access token (`tk_...`) for a
    /// protected topic.
    public struct Request: Sendable, Decodable {
        public var url: String
        public var token: String?
    }

    public static let kind = ChannelKind.ntfy
    public static let name = "ntfy app"
    public static let help = [
        "Install the free ntfy app on the phone (Android or iPhone).",
        "In the app tap +, and subscribe to a topic with a name nobody could guess, like {topic}.",
        "Type the same name below after https://ntfy.sh/ and add it. Then send a test.",
    ]
    public static let fields = [
        ChannelField("url", "Topic address", type: "url", required: true, placeholder: "https://ntfy.sh/{topic}"),
        ChannelField("token", "Password key (only for a protected topic; usually empty)", autocomplete: "off"),
    ]

    /// What an ntfy topic URL looks like: a server (optionally under a path) and the topic.
    static let urlPattern = #"^https?://[A-Za-z0-9.-]+(:([1-9][0-9]{0,3}|[1-5][0-9]{4}|6[0-4][0-9]{3}|65[0-4][0-9]{2}|655[0-2][0-9]|6553[0-5]))?(/[A-Za-z0-9._~-]+)*/[A-Za-z0-9_-]{1,64}$"#

    /// The topic URL.
    var url: String
    /// The access token, if any.
    var token: String?

    public init(validating request: Request) throws(HTTPError) {
        guard ChannelRequest.matches(request.url, Self.urlPattern), let url = OutgoingURL(request.url), Self.topic(of: url) != nil else {
            throw .invalidRequest("ntfy.url must be a topic URL such as https://ntfy.sh/my-topic (topic: letters, digits, - and _).", field: "ntfy.url")
        }
        if let token = request.token { try ChannelRequest.validate(token: token, field: "ntfy.token") }
        self.url = request.url
        token = request.token
    }

    public var target: String { url }

    public func send(_ notification: AlertNotification, via delivery: ChannelDelivery, completion: @escaping ChannelDelivery.Completion) throws {
        send(try NtfyMessage.request(notification, topicURL: url, token: token), via: delivery, completion: completion)
    }

    public func destination(via delivery: ChannelDelivery) -> String? { OutgoingURL(url)?.destination }

    /// The topic of an ntfy topic URL (its one path segment), if it has one.
    static func topic(of url: OutgoingURL) -> String? {
        guard let path = URLComponents(string: url.text)?.path else { return nil }
        let segments = path.split(separator: "/", omittingEmptySubsequences: true)
        guard let topic = segments.last, (1...64).contains(topic.count),
              topic.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") }) else { return nil }
        return String(topic)
    }
}

extension ChannelKind {
    /// An ntfy topic.
    public static let ntfy = ChannelKind(declaring: "ntfy")
}
