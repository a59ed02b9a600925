import HomewardHTTP

/// `gotify`: a Gotify server's application (`GotifyMessage`), for families who run their own.
public struct GotifyChannel: NotificationChannel {
    /// `{url, token}`: the server's base URL and the application's token.
    public struct Request: Sendable, Decodable {
        public var url: String
        public var token: String
    }

    public static let kind = ChannelKind.gotify
    public static let name = "Gotify server"
    public static let help = [
        "For families who run their own Gotify server.",
        "In Gotify open Apps, make one called Homeward, and copy its key here.",
    ]
    public static let fields = [
        ChannelField("url", "Address of your Gotify server", type: "url", required: true, placeholder: "https://gotify.example.org"),
        ChannelField("token", "App key (in Gotify: Apps, then the key of the app you made)", required: true, autocomplete: "off"),
    ]

    /// What a Gotify server URL looks like.
    static let urlPattern = #"^https?://[A-Za-z0-9.-]+(:([1-9][0-9]{0,3}|[1-5][0-9]{4}|6[0-4][0-9]{3}|65[0-4][0-9]{2}|655[0-2][0-9]|6553[0-5]))?(/[A-Za-z0-9._~-]+)*/?$"#

    /// The server's base URL.
    var url: String
    /// The application token.
    var token: String

    public init(validating request: Request) throws(HTTPError) {
        guard ChannelRequest.matches(request.url, Self.urlPattern), OutgoingURL(request.url) != nil else {
            throw .invalidRequest("gotify.url must be the Gotify server's https:// or http:// URL.", field: "gotify.url")
        }
        try ChannelRequest.validate(token: request.token, field: "gotify.token")
        url = request.url
        token = request.token
    }

    public var target: String { url }

    public func send(_ notification: AlertNotification, via delivery: ChannelDelivery, completion: @escaping ChannelDelivery.Completion) throws {
        send(try GotifyMessage.request(notification, serverURL: url, token: token), via: delivery, completion: completion)
    }

    public func destination(via delivery: ChannelDelivery) -> String? { OutgoingURL(url)?.destination }
}

extension ChannelKind {
    /// A Gotify server's application.
    public static let gotify = ChannelKind(declaring: "gotify")
}
