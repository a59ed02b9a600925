import Foundation
import Logging

/// Sends one notification on one channel, as that service wants it: ntfy, Gotify and Telegram over
/// HTTPS, email through the SMTP relay, Web Push encrypted for the subscribed browser. Every request
/// goes through the server's one `OutgoingHTTPClient` (TLS verified, address policy, per-destination
/// limits). The completion gets nil when the service took it, or what went wrong.
public struct ChannelDelivery: Sendable {
    /// Called once per notification with nil (delivered) or the failure.
    public typealias Completion = @Sendable (String?) -> Void

    private let client: OutgoingHTTPClient
    private let telegramAPIURL: String
    private let logger: Logger

    /// Creates the sender over `client`; Telegram calls go to `telegramAPIURL`.
    public init(client: OutgoingHTTPClient, telegramAPIURL: String, logger: Logger) {
        self.client = client
        self.telegramAPIURL = telegramAPIURL
        self.logger = logger
    }

    /// Sends `notification` on the channel described by `settings`.
    public func send(_ notification: AlertNotification, on settings: ChannelSettings, completion: @escaping Completion) {
        do {
            switch settings {
            case .ntfy(let topicURL, let token):
                let request = try NtfyMessage.request(notification, topicURL: topicURL, token: token)
                client.send(request) { completion(Self.failure(of: $0)) }
            case .gotify(let serverURL, let token):
                let request = try GotifyMessage.request(notification, serverURL: serverURL, token: token)
                client.send(request) { completion(Self.failure(of: $0)) }
            case .telegram(let botToken, let chatID):
                let requests = try TelegramMessage.requests(notification, apiURL: telegramAPIURL, botToken: botToken, chatID: chatID)
                let logger = self.logger
                client.send(requests[0]) { [client] result in
                    let failure = Self.failure(of: result)
                    completion(failure)
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
            case .email:
                completion("email is not set up on this server (--smtp-url)")
            case .webpush:
                completion("web push is not set up on this server")
            }
        } catch {
            completion("\(error)")
        }
    }

    /// Sends `notification` on `settings` and waits for the outcome (a channel's "send a test").
    public func sendAndWait(_ notification: AlertNotification, on settings: ChannelSettings) -> String? {
        let done = DispatchSemaphore(value: 0)
        let outcome = OutcomeBox()
        send(notification, on: settings) { failure in
            outcome.set(failure)
            done.signal()
        }
        done.wait()
        return outcome.get()
    }

    /// The destination (`scheme://host:port`) whose back-off deliveries on `settings` share.
    public func destination(of settings: ChannelSettings) -> String? {
        switch settings {
        case .ntfy(let url, _), .gotify(let url, _): OutgoingURL(url)?.destination
        case .telegram: OutgoingURL(telegramAPIURL)?.destination
        case .email: "smtp"
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

    private final class OutcomeBox: @unchecked Sendable {
        private let lock = NSLock()
        private var value: String?
        func set(_ failure: String?) { lock.withLock { value = failure } }
        func get() -> String? { lock.withLock { value } }
    }
}
