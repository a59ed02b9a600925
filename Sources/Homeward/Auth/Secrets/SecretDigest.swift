import CSodium

/// Digests of secrets, by libsodium: SHA-256 to store tokens, keys and codes without storing them,
/// HMAC-SHA256 to sign webhook bodies, and a comparison whose time does not depend on the data.
public enum SecretDigest {
    /// Bytes in a SHA-256 or HMAC-SHA256 digest.
    public static let digestByteCount = 32

    /// The SHA-256 digest of `bytes`.
    public static func sha256(_ bytes: [UInt8]) -> [UInt8] {
        Sodium.ensureInitialized()
        var digest = [UInt8](repeating: 0, count: digestByteCount)
        bytes.withUnsafeBufferPointer { input in
            _ = crypto_hash_sha256(&digest, input.baseAddress, UInt64(input.count))
        }
        return digest
    }

    /// The SHA-256 digest of the UTF-8 bytes of `text` (a token, device key or code as received).
    public static func sha256(_ text: String) -> [UInt8] {
        sha256(Array(text.utf8))
    }

    /// The HMAC-SHA256 of `message` under `key`, for a key of any length (RFC 2104).
    public static func hmacSHA256(_ message: [UInt8], key: [UInt8]) -> [UInt8] {
        Sodium.ensureInitialized()
        var state = crypto_auth_hmacsha256_state()
        var mac = [UInt8](repeating: 0, count: digestByteCount)
        // A terminating byte gives even an empty key an address; it lies beyond the length passed.
        (key + [0]).withUnsafeBufferPointer { keyBytes in
            _ = crypto_auth_hmacsha256_init(&state, keyBytes.baseAddress!, key.count)
        }
        message.withUnsafeBufferPointer { messageBytes in
            _ = crypto_auth_hmacsha256_update(&state, messageBytes.baseAddress, UInt64(messageBytes.count))
        }
        _ = crypto_auth_hmacsha256_final(&state, &mac)
        sodium_memzero(&state, MemoryLayout<crypto_auth_hmacsha256_state>.size)
        return mac
    }

    /// Whether `lhs` and `rhs` hold the same bytes, taking the same time wherever they differ
    /// (`sodium_memcmp`); different lengths, which are not secret, answer false at once.
    public static func constantTimeEquals(_ lhs: [UInt8], _ rhs: [UInt8]) -> Bool {
        guard lhs.count == rhs.count else { return false }
        guard !lhs.isEmpty else { return true }
        Sodium.ensureInitialized()
        return lhs.withUnsafeBufferPointer { left in
            rhs.withUnsafeBufferPointer { right in
                sodium_memcmp(left.baseAddress!, right.baseAddress!, left.count) == 0
            }
        }
    }

    /// `bytes` as lower-case hexadecimal, two characters a byte.
    public static func hex(_ bytes: [UInt8]) -> String {
        let alphabet = Array("0123456789abcdef".utf8)
        return String(unsafeUninitializedCapacity: bytes.count * 2) { buffer in
            for (index, byte) in bytes.enumerated() {
                buffer[2 * index] = alphabet[Int(byte >> 4)]
                buffer[2 * index + 1] = alphabet[Int(byte & 0x0f)]
            }
            return bytes.count * 2
        }
    }
}
