/// The request every webhook delivery (and a webhook test) is sent as: a JSON POST signed with the
/// guardian's secret (`X-Homeward-Signature: sha256=<hex HMAC-SHA256 of the body>`), naming its event
/// and carrying a key that stays the same on every retry.
enum WebhookSignedRequest {
    /// The request for `body` to `url`.
    static func make(url: OutgoingURL, secret: String, event: String, idempotencyKey: String, body: [UInt8]) -> OutgoingRequest {
        let signature = SecretDigest.hex(SecretDigest.hmacSHA256(body, key: Array(secret.utf8)))
        return OutgoingRequest(url: url, headers: [
            OutgoingHeader("Content-Type", "application/json; charset=utf-8"),
            OutgoingHeader("X-Homeward-Signature", "sha256=\(signature)"),
            OutgoingHeader("X-Homeward-Event", event),
            OutgoingHeader("Idempotency-Key", idempotencyKey),
        ], body: body)
    }
}
