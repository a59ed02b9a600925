import HomewardHTTP

/// The body of PUT /v1/me/webhook: `{url, secret, alertTypes?}`.
public struct WebhookRequest: Sendable, Decodable {
    /// Shortest secret accepted.
    public static let minSecretCharacters = 16
    /// Longest secret accepted.
    public static let maxSecretCharacters = 256

    /// The receiver, `https://...` or `http://...`.
    public var url: String
    /// The HMAC-SHA256 key for `X-Homeward-Signature`.
    public var secret: String
    /// The alert types it carries; absent or null: every type.
    public var alertTypes: [AlertType]?

    /// Checks the URL and the secret; 400 with the field at fault otherwise.
    public func validate() throws(HTTPError) {
        guard OutgoingURL(url) != nil else {
            throw .invalidRequest(
                "url must be an https:// or http:// URL without user info or fragment, such as https://ntfy.sh/my-topic.",
                field: "url")
        }
        guard (Self.minSecretCharacters...Self.maxSecretCharacters).contains(secret.count) else {
            throw .invalidRequest(
                "secret must be \(Self.minSecretCharacters) to \(Self.maxSecretCharacters) characters.", field: "secret")
        }
        try ChannelRequest.validate(alertTypes: alertTypes)
    }
}
