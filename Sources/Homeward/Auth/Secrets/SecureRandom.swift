import CSodium

/// Unpredictable values from the operating system's cryptographic generator (libsodium's
/// `randombytes`): session tokens, device keys, verification codes and the IDs the API returns.
public enum SecureRandom {
    /// Bytes of randomness in a token: 256 bits.
    public static let tokenByteCount = 32
    /// Characters in a token: 32 bytes as URL-safe base64 without padding.
    public static let tokenCharacterCount = 43
    /// Bytes of randomness in an ID: 128 bits.
    public static let identifierByteCount = 16
    /// Characters in an ID: 16 bytes as lower-case hexadecimal.
    public static let identifierCharacterCount = 32

    /// `count` random bytes.
    public static func bytes(count: Int) -> [UInt8] {
        Sodium.ensureInitialized()
        return [UInt8](unsafeUninitializedCapacity: count) { buffer, initializedCount in
            if let base = buffer.baseAddress { randombytes_buf(base, count) }
            initializedCount = count
        }
    }

    /// A bearer secret (session token, device key, share token): 256 random bits as URL-safe base64
    /// without padding, 43 characters of `A-Z a-z 0-9 - _`.
    public static func token() -> String {
        Base64URL.encode(bytes(count: tokenByteCount))
    }

    /// A string of `count` random decimal digits, each drawn uniformly (`randombytes_uniform`, no
    /// modulo bias); leading zeros are kept, so "004217" is as likely as any other code.
    public static func digits(count: Int) -> String {
        Sodium.ensureInitialized()
        return String(unsafeUninitializedCapacity: count) { buffer in
            for index in 0..<count {
                buffer[index] = UInt8(ascii: "0") + UInt8(randombytes_uniform(10))
            }
            return count
        }
    }

    /// A new opaque ID, the one format of every ID the API returns: 128 random bits as 32
    /// lower-case hexadecimal characters, e.g. `3f2c9a0e5b7d41c8a6e0f1d2c3b4a596`.
    public static func identifier() -> String {
        SecretDigest.hex(bytes(count: identifierByteCount))
    }
}
