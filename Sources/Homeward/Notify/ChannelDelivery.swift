import Foundation
import Logging

/// Sends one notification on one channel, as that service wants it: ntfy, Gotify and Telegram over
/// HTTPS, email through the SMTP relay, Web Push encrypted for the subscribed browser. Every request
/// goes through the server's one `OutgoingHTTPClient` (TLS verified, address policy, per-destination
/// limits). The completion gets nil when the service took it, or what went wrong.
public struct ChannelDelivery: Sendable {
    /// Called once per notification with nil (delivered) or the failure.
    public typealias Completion = @Sendable (ChannelFailure?) -> Void

    /// How this server signs its pushes.
    public struct WebPushSettings: Sendable {
        /// The VAPID key pair.
        public var keys: VAPIDKeys
        /// The contact push services see (`mailto:` or `https:`).
        public var subject: String

        /// Creates the settings.
        public init(keys: VAPIDKeys, subject: String) {
            self.keys = keys
            self.subject = subject
        }
    }

    /// How long a push service keeps a push for a browser that is offline: a day.
    public static let webPushTTLSeconds = 86_400

    private let client: OutgoingHTTPClient
    private let telegramAPIURL: String
    private let webPush: WebPushSettings
    private let smtpServer: SMTPServer?
    private let clock: any WallClock
    private let logger: Logger

    /// The public key browsers subscribe with (`applicationServerKey`).
    public var webPushPublicKey: String { webPush.keys.publicKeyBase64URL }

    /// Whether email channels can send (the administrator set up an SMTP relay).
    public var sendsEmail: Bool { smtpServer != nil }

    /// Creates the sender over `client`; Telegram calls go to `telegramAPIURL`, pushes are signed with
    /// `webPush`, mail goes through `smtpServer` (nil: email is off).
    public init(
        client: OutgoingHTTPClient, telegramAPIURL: String, webPush: WebPushSettings, smtpServer: SMTPServer?,
        clock: any WallClock, logger: Logger
    ) {
        self.client = client
        self.telegramAPIURL = telegramAPIURL
        self.webPush = webPush
        self.smtpServer = smtpServer
        self.clock = clock
        self.logger = logger
    }

    /// Sends `notification` on the channel described by `settings`.
    public func send(_ notification: AlertNotification, on settings: ChannelSettings, completion: @escaping Completion) {
        do {
            switch settings {
            case .ntfy(let topicURL, let token):
                let request = try NtfyMessage.request(notification, topicURL: topicURL, token: token)
                client.send(request) { completion(Self.failure(of: $0).map { ChannelFailure($0) }) }
            case .gotify(let serverURL, let token):
                let request = try GotifyMessage.request(notification, serverURL: serverURL, token: token)
                client.send(request) { completion(Self.failure(of: $0).map { ChannelFailure($0) }) }
            case .telegram(let botToken, let chatID):
                let requests = try TelegramMessage.requests(notification, apiURL: telegramAPIURL, botToken: botToken, chatID: chatID)
                let logger = self.logger
                client.send(requests[0]) { [client] result in
                    let failure = Self.failure(of: result)
                    completion(failure.map { ChannelFailure($0) })
                    guard failure == nil else { return }
                    // The position is a second message: the alert itself was delivered either way.
                    for followUp in requests.dropFirst() {
                        client.send(followUp) { result in
                            if let failure = Self.failure(of: result) {
                                logger.warning("telegram location not sent", metadata: ["error": "\(failure)"])
                            }
                        }
                    }
                }
            case .email(let address):
                guard let smtpServer else { return completion(ChannelFailure("this server cannot send email (whoever runs it has not set email up)")) }
                let mail = try AlertEmail.message(notification, to: address, via: smtpServer)
                client.send(mail, via: smtpServer) { result in
                    switch result {
                    case .success: completion(nil)
                    case .failure(let error): completion(ChannelFailure(error.description))
                    }
                }
            case .webpush(let endpoint, let p256dh, let auth):
                guard let url = OutgoingURL(endpoint), let key = Base64URL.decode(p256dh), let secret = Base64URL.decode(auth) else {
                    return completion(ChannelFailure("the push subscription is unreadable"))
                }
                let request = try WebPushRequest.make(
                    endpoint: url, p256dh: key, authSecret: secret, payload: try JSONBytes.encode(WebPushMessage(notification)),
                    keys: webPush.keys, subject: webPush.subject, ttlSeconds: Self.webPushTTLSeconds,
                    urgency: notification.isUrgent ? .high : notification.isNew ? .normal : .low, now: clock.now())
                client.send(request) { result in
                    // A subscription the push service no longer knows (the browser dropped it) never works again.
                    if case .success(let response) = result, response.status == 404 || response.status == 410 {
                        return completion(ChannelFailure(
                            "the browser's push subscription is gone (HTTP \(response.status))", endsChannel: true))
                    }
                    completion(Self.failure(of: result).map { ChannelFailure($0) })
                }
            }
        } catch {
            completion(ChannelFailure("\(error)"))
        }
    }

    /// Sends `notification` on `settings` and waits for the outcome (a channel's "send a test").
    public func sendAndWait(_ notification: AlertNotification, on settings: ChannelSettings) -> ChannelFailure? {
        waitForCompletion { send(notification, on: settings, completion: $0) }
    }

    /// The destination (`scheme://host:port`) whose back-off deliveries on `settings` share.
    public func destination(of settings: ChannelSettings) -> String? {
        switch settings {
        case .ntfy(let url, _), .gotify(let url, _): OutgoingURL(url)?.destination
        case .telegram: OutgoingURL(telegramAPIURL)?.destination
        case .email: smtpServer?.url.destination ?? "smtp"
        case .webpush(let endpoint, _, _): OutgoingURL(endpoint)?.destination
        }
    }

    /// Nil for a 2xx answer; otherwise what went wrong.
    static func failure(of result: Result<OutgoingResponse, OutgoingError>) -> String? {
        switch result {
        case .success(let response) where response.isSuccess: nil
        case .success(let response): "HTTP \(response.status)"
        case .failure(let error): error.description
        }
    }
}
