import HomewardHTTP

/// `webpush`: a browser's push subscription (the web app's "Notify this browser"): the push,
/// `WebPushMessage`, encrypted for the browser and signed with the server's VAPID key. A
/// subscription the push service no longer knows (404, 410) ends the channel.
public struct WebPushChannel: NotificationChannel {
    /// A browser's `PushSubscription.toJSON()` as it is: `{endpoint, expirationTime?, keys: {p256dh, auth}}`.
    public struct Request: Sendable, Decodable {
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

    public static let kind = ChannelKind.webpush
    public static let name = "This browser"

    /// What a push service endpoint looks like.
    static let endpointPattern = #"^https://[A-Za-z0-9.-]+(:([1-9][0-9]{0,3}|[1-5][0-9]{4}|6[0-4][0-9]{3}|65[0-4][0-9]{2}|655[0-2][0-9]|6553[0-5]))?(/[A-Za-z0-9._~!$&'()*+,;=:@%-]*)*$"#

    /// The push service endpoint.
    var endpoint: String
    /// The browser's public key, base64url.
    var p256dh: String
    /// The browser's secret, base64url.
    var auth: String

    public init(validating request: Request) throws(HTTPError) {
        guard ChannelRequest.matches(request.endpoint, Self.endpointPattern), let url = OutgoingURL(request.endpoint), url.scheme == "https" else {
            throw .invalidRequest("webpush.endpoint must be the subscription's https:// push service URL.", field: "webpush.endpoint")
        }
        guard let key = Base64URL.decode(request.keys.p256dh), P256Key(publicKey: key) != nil else {
            throw .invalidRequest("webpush.keys.p256dh must be the browser's P-256 public key (65 bytes, a point on the curve, base64url).", field: "webpush.keys.p256dh")
        }
        guard let auth = Base64URL.decode(request.keys.auth), auth.count == 16 else {
            throw .invalidRequest("webpush.keys.auth must be the browser's 16-byte secret, base64url.", field: "webpush.keys.auth")
        }
        endpoint = request.endpoint
        p256dh = request.keys.p256dh
        self.auth = request.keys.auth
    }

    public var target: String { OutgoingURL(endpoint).map { "\($0.scheme)://\($0.host)" } ?? "push service" }

    public func send(_ notification: AlertNotification, via delivery: ChannelDelivery, completion: @escaping ChannelDelivery.Completion) throws {
        guard let url = OutgoingURL(endpoint), let key = Base64URL.decode(p256dh), let secret = Base64URL.decode(auth) else {
            return completion(ChannelFailure("the push subscription is unreadable"))
        }
        let request = try WebPushRequest.make(
            endpoint: url, p256dh: key, authSecret: secret, payload: try JSONBytes.encode(WebPushMessage(notification)),
            keys: delivery.webPush.keys, subject: delivery.webPush.subject, ttlSeconds: ChannelDelivery.webPushTTLSeconds,
            urgency: notification.isUrgent ? .high : notification.isNew ? .normal : .low, now: delivery.clock.now())
        send(request, via: delivery, completion: completion)
    }

    public func destination(via delivery: ChannelDelivery) -> String? { OutgoingURL(endpoint)?.destination }

    /// A subscription the push service no longer knows (the browser dropped it) never works again.
    public func failure(of result: Result<OutgoingResponse, OutgoingError>) -> ChannelFailure? {
        if case .success(let response) = result, response.status == 404 || response.status == 410 {
            return ChannelFailure("the browser's push subscription is gone (HTTP \(response.status))", endsChannel: true)
        }
        return ChannelDelivery.failure(of: result).map { ChannelFailure($0) }
    }
}

extension ChannelKind {
    /// A browser's push subscription (the web app's "Notify this browser").
    public static let webpush = ChannelKind(declaring: "webpush")
}
