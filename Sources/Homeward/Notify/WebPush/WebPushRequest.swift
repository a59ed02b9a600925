/// A Web Push message as an `OutgoingRequest` to a subscription's push service (RFC 8030 §5): the
/// payload encrypted for the subscription (`WebPushEncryption`), signed for with VAPID
/// (`VAPIDToken`), with its time to live and urgency. The push service answers 201 when it took
/// the message, 404 or 410 when the subscription is gone.
public enum WebPushRequest {
    /// The longest time to live accepted: 4 weeks, the longest FCM keeps a message.
    public static let maxTTLSeconds = 28 * 24 * 3600

    /// A POST to `endpoint` carrying `payload` for the subscription with keys `p256dh` and
    /// `authSecret`: headers `TTL` (0 to `maxTTLSeconds`), `Urgency`, `Content-Encoding: aes128gcm`,
    /// `Content-Type: application/octet-stream` and `Authorization` (a VAPID token from `keys` and
    /// `subject`, valid for `VAPIDToken.defaultLifetimeSeconds` from `now`).
    public static func make(
        endpoint: OutgoingURL, p256dh: [UInt8], authSecret: [UInt8], payload: [UInt8], keys: VAPIDKeys, subject: String,
        ttlSeconds: Int, urgency: WebPushUrgency, now: Timestamp
    ) throws(WebPushError) -> OutgoingRequest {
        guard (0...maxTTLSeconds).contains(ttlSeconds) else { throw .invalidTTL(seconds: ttlSeconds) }
        let authorization = try VAPIDToken.authorization(endpoint: endpoint.text, subject: subject, keys: keys, now: now)
        let body = try WebPushEncryption.encrypt(payload: payload, userAgentPublicKey: p256dh, authSecret: authSecret)
        return OutgoingRequest(
            method: "POST", url: endpoint,
            headers: [
                OutgoingHeader("TTL", String(ttlSeconds)),
                OutgoingHeader("Urgency", urgency.rawValue),
                OutgoingHeader("Content-Encoding", "aes128gcm"),
                OutgoingHeader("Content-Type", "application/octet-stream"),
                OutgoingHeader("Authorization", authorization),
            ],
            body: body)
    }
}
