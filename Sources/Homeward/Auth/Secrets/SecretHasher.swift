/// Digests of the secrets the server hands out (session tokens, device keys, share tokens,
/// verification codes, trip access codes): HMAC-SHA256 under the `ServerSecret`, so the digests in
/// the database file cannot be tested against guesses without the key, which lives elsewhere.
/// Lookups stay O(1): a digest is a deterministic function of the secret, and every digest column
/// is indexed (or read by its row's key).
///
/// Before keyed digests the server stored plain SHA-256 (`legacyDigest`). Those rows keep working:
/// a lookup that misses under the keyed digest tries the legacy one, and a row found that way is
/// rewritten to the keyed digest at once (`SecretDigestColumn.rewrite`), so each old secret is
/// upgraded on its first use after the upgrade of the server.
public struct SecretHasher: Sendable {
    private let key: [UInt8]

    /// A hasher keyed by `secret`.
    public init(secret: ServerSecret) {
        key = secret.bytes
    }

    /// The keyed digest of `secret` as received (UTF-8 bytes): what the database stores.
    public func digest(_ secret: String) -> [UInt8] {
        SecretDigest.hmacSHA256(Array(secret.utf8), key: key)
    }

    /// The unkeyed SHA-256 of `secret` that earlier versions stored; only looked up, never written.
    public func legacyDigest(_ secret: String) -> [UInt8] {
        SecretDigest.sha256(secret)
    }

    /// A digest of a fixed label under the key, kept in the database so that a start with another
    /// key (a lost or swapped secret file) is refused instead of silently ending every secret.
    var fingerprint: [UInt8] {
        digest("homeward server secret fingerprint v1")
    }
}
