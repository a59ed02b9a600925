import HomewardHTTP

/// The body of PUT /v1/me/webhook: `{url, secret}`.
public struct WebhookRequest: Sendable, Decodable {
    /// Shortest secret accepted.
    public static let minSecretCharacters = 16
    /// Longest secret accepted.
    public static let maxSecretCharacters = 256

    /// The receiver, `http://...` (https needs a local relay: no TLS is linked).
    public var url: String
    /// The HMAC-SHA256 key for `X-Homeward-Signature`.
    public var secret: String

    /// Checks the URL and the secret; 400 with the field at fault otherwise.
    public func validate() throws(HTTPError) {
        if url.lowercased().hasPrefix("https://") {
            throw .invalidRequest(
                "https webhooks need TLS, which this server does not link; point it at a local http relay.", field: "url")
        }
        guard WebhookURL(url) != nil else {
            throw .invalidRequest("url must be an http:// URL such as http://127.0.0.1:8000/hook.", field: "url")
        }
        guard (Self.minSecretCharacters...Self.maxSecretCharacters).contains(secret.count) else {
            throw .invalidRequest(
                "secret must be \(Self.minSecretCharacters) to \(Self.maxSecretCharacters) characters.", field: "secret")
        }
    }
}
