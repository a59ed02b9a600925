import Foundation
import Logging

/// Sends one notification on one channel, as that service wants it (each `NotificationChannel`
/// renders and delivers its own), and holds what channels send with: the server's one
/// `OutgoingHTTPClient` (TLS verified, address policy, per-destination limits), the Telegram Bot
/// API's address, the Web Push key, the SMTP relay. The completion gets nil when the service took
/// it, or what went wrong.
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

    let client: OutgoingHTTPClient
    /// The channels' own settings as given (`AppConfiguration.pluginValues`), read with
    /// `PluginSetting.value(in: delivery)`.
    let pluginValues: [String: String]
    let webPush: WebPushSettings
    let smtpServer: SMTPServer?
    let clock: any WallClock
    let logger: Logger

    /// The public key browsers subscribe with (`applicationServerKey`).
    public var webPushPublicKey: String { webPush.keys.publicKeyBase64URL }

    /// Whether email channels can send (the administrator set up an SMTP relay).
    public var sendsEmail: Bool { smtpServer != nil }

    /// Creates the sender over `client`; each channel reads its own settings from `pluginValues`
    /// (`AppConfiguration.pluginValues`), pushes are signed with `webPush`, mail goes through
    /// `smtpServer` (nil: email is off).
    public init(
        client: OutgoingHTTPClient, pluginValues: [String: String], webPush: WebPushSettings, smtpServer: SMTPServer?,
        clock: any WallClock, logger: Logger
    ) {
        self.client = client
        self.pluginValues = pluginValues
        self.webPush = webPush
        self.smtpServer = smtpServer
        self.clock = clock
        self.logger = logger
    }

    /// What this server can send on.
    var availability: ChannelAvailability { ChannelAvailability(sendsEmail: sendsEmail) }

    /// Sends `notification` on the channel described by `settings`.
    public func send(_ notification: AlertNotification, on settings: ChannelSettings, completion: @escaping Completion) {
        do {
            try settings.channel.send(notification, via: self, completion: completion)
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
        settings.channel.destination(via: self)
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

extension PluginSetting {
    /// Its value on the server `delivery` sends for (a channel's own setting).
    func value(in delivery: ChannelDelivery) -> Value {
        value(in: delivery.pluginValues)
    }
}
