import CSodium

/// Digests of the secrets the server hands out (session tokens, device keys, share tokens,
/// verification codes, trip access codes): HMAC-SHA256 under the `ServerSecret`, so the digests in
/// the database file cannot be tested against guesses without the key, which lives elsewhere.
/// Lookups stay O(1): a digest is a deterministic function of the secret, and every digest column
/// is indexed (or read by its row's key).
///
/// Before keyed digests the server stored plain SHA-256 (`legacyDigest`). Those rows keep working:
/// a lookup that misses under the keyed digest tries the legacy one, and a row found that way is
/// rewritten to the keyed digest at once (by the store of its table), so each old secret is
/// upgraded on its first use after the upgrade of the server.
public struct SecretHasher: Sendable {
    /// The HMAC state after the key: every bearer request digests its token, and copying this state
    /// saves hashing the padded key twice each time.
    private let keyedState: crypto_auth_hmacsha256_state

    /// A hasher keyed by `secret`.
    public init(secret: ServerSecret) {
        Sodium.ensureInitialized()
        var state = crypto_auth_hmacsha256_state()
        secret.bytes.withUnsafeBufferPointer { key in
            _ = crypto_auth_hmacsha256_init(&state, key.baseAddress!, key.count)
        }
        keyedState = state
    }

    /// The keyed digest of `secret` as received (UTF-8 bytes): what the database stores.
    public func digest(_ secret: String) -> [UInt8] {
        var state = keyedState
        var text = secret
        text.withUTF8 { bytes in
            _ = crypto_auth_hmacsha256_update(&state, bytes.baseAddress, UInt64(bytes.count))
        }
        var mac = [UInt8](repeating: 0, count: SecretDigest.digestByteCount)
        _ = crypto_auth_hmacsha256_final(&state, &mac)
        return mac
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
