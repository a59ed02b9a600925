/// The `Authorization` header of a Web Push request under VAPID (RFC 8292): `vapid t=<JWT>,
/// k=<public key>`, where the JWT (ES256) names the push service's origin (`aud`), an expiry
/// (`exp`) at most 24 hours ahead, and a contact for the push service's operator (`sub`).
public enum VAPIDToken {
    /// The longest lifetime RFC 8292 §2 allows a token.
    public static let maxLifetimeSeconds = 24 * 3600
    /// The lifetime unless given: half the maximum, so a push service whose clock runs ahead still
    /// accepts the token.
    public static let defaultLifetimeSeconds = 12 * 3600
    /// The JWT header, fixed.
    static let header = #"{"typ":"JWT","alg":"ES256"}"#

    /// The claims of the token.
    private struct Claims: Encodable {
        let aud: String
        let exp: Int64
        let sub: String
    }

    /// The header value for a request to `endpoint`, signed with `keys`, valid from `now` for
    /// `lifetimeSeconds` (1 to 86,400). `subject` is a `mailto:` address or an `https:` URL
    /// where the push service can reach the server's operator.
    public static func authorization(
        endpoint: String, subject: String, keys: VAPIDKeys, now: Timestamp, lifetimeSeconds: Int = defaultLifetimeSeconds
    ) throws(WebPushError) -> String {
        guard let url = OutgoingURL(endpoint) else { throw .invalidEndpoint(endpoint) }
        guard isValidSubject(subject) else { throw .invalidSubject(subject) }
        guard (1...maxLifetimeSeconds).contains(lifetimeSeconds) else { throw .invalidLifetime(seconds: lifetimeSeconds) }
        let expiry = now.unixMilliseconds / Timestamp.millisecondsPerSecond + Int64(lifetimeSeconds)
        do {
            let claims = try JSONBytes.encode(Claims(aud: audience(of: url), exp: expiry, sub: subject))
            let signingInput = Base64URL.encode(Array(header.utf8)) + "." + Base64URL.encode(claims)
            let signature = try keys.key.signature(of: Array(signingInput.utf8))
            return "vapid t=\(signingInput).\(Base64URL.encode(signature)), k=\(keys.publicKeyBase64URL)"
        } catch let error as OpenSSLError {
            throw .cryptography(error.description)
        } catch {
            throw .cryptography("encoding the JWT claims: \(error)")
        }
    }

    /// The origin of `url` (`scheme://host`, with `:port` unless it is the scheme's default): what
    /// the push service checks `aud` against.
    static func audience(of url: OutgoingURL) -> String {
        let host = url.host.contains(":") ? "[\(url.host)]" : url.host
        let defaultPort = url.scheme == "https" ? 443 : 80
        return url.port == defaultPort ? "\(url.scheme)://\(host)" : "\(url.scheme)://\(host):\(url.port)"
    }

    /// Whether `subject` is `mailto:` and an address, or an `https:` URL (RFC 8292 §2.1).
    private static func isValidSubject(_ subject: String) -> Bool {
        if subject.hasPrefix("mailto:") {
            let address = subject.dropFirst("mailto:".count)
            return address.contains("@") && !address.contains(where: { $0.isWhitespace || $0.asciiValue == nil })
        }
        return OutgoingURL(subject)?.scheme == "https" && subject.hasPrefix("https:")
    }
}
