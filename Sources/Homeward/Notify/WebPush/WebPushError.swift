/// Why a Web Push message cannot be made: a subscription, payload or setting the standards refuse
/// (each says which and why), or OpenSSL failing.
public enum WebPushError: Error, Equatable, CustomStringConvertible {
    /// The subscription's `p256dh` is not an uncompressed P-256 point on the curve.
    case invalidUserAgentKey(byteCount: Int)
    /// The subscription's `auth` is not 16 bytes.
    case invalidAuthSecret(byteCount: Int)
    /// The payload does not fit in one record of a 4096-byte body.
    case payloadTooLarge(byteCount: Int, maxBytes: Int)
    /// The record size is outside what RFC 8188 allows.
    case invalidRecordSize(Int)
    /// The push endpoint is not an http or https URL.
    case invalidEndpoint(String)
    /// The VAPID subject is neither a `mailto:` nor an `https:` URL.
    case invalidSubject(String)
    /// The VAPID token's lifetime is not between a second and 24 hours.
    case invalidLifetime(seconds: Int)
    /// The message's time to live is negative or longer than push services keep messages.
    case invalidTTL(seconds: Int)
    /// OpenSSL failed at something that should not fail.
    case cryptography(String)

    public var description: String {
        switch self {
        case .invalidUserAgentKey(let count):
            "The subscription's p256dh key (\(count) bytes) is not a P-256 public key: it must be 65 bytes, 0x04 and a point on the curve."
        case .invalidAuthSecret(let count):
            "The subscription's auth secret has \(count) bytes; it must have \(WebPushEncryption.authSecretByteCount)."
        case .payloadTooLarge(let count, let max):
            "The push payload has \(count) bytes; at most \(max) fit in one encrypted record."
        case .invalidRecordSize(let size):
            "The record size \(size) is outside \(WebPushEncryption.minRecordSize)...\(WebPushEncryption.maxRecordSize)."
        case .invalidEndpoint(let endpoint):
            "The push endpoint \(endpoint) is not an http or https URL."
        case .invalidSubject(let subject):
            "The VAPID subject \(subject) must be a mailto: address or an https: URL."
        case .invalidLifetime(let seconds):
            "A VAPID token lifetime of \(seconds) s is outside 1...\(VAPIDToken.maxLifetimeSeconds) s."
        case .invalidTTL(let seconds):
            "A push TTL of \(seconds) s is outside 0...\(WebPushRequest.maxTTLSeconds) s."
        case .cryptography(let reason):
            "OpenSSL failed: \(reason)."
        }
    }
}
