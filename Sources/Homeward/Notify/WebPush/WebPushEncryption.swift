/// The `aes128gcm` content encoding of a Web Push message (RFC 8291 on RFC 8188): the payload is
/// encrypted for one browser subscription, under a key agreed by ECDH between a fresh ephemeral
/// P-256 key and the subscription's `p256dh`, mixed with its `auth` secret and a random salt.
///
/// The body is the header `salt (16) | record size (4, big endian) | key id length (1) = 65 |
/// ephemeral public key (65)` and one record: the payload, the padding delimiter 0x02 and the
/// AES-128-GCM tag. Push services must accept bodies of 4096 bytes (RFC 8030 §7.2), which leaves
/// `maxPayloadBytes` = 3993 bytes of payload.
public enum WebPushEncryption {
    /// Bytes of a body every push service accepts.
    public static let maxBodyBytes = 4096
    /// Bytes of the header before the record: salt, record size, key id length and key id.
    public static let headerByteCount = saltByteCount + 4 + 1 + P256Key.publicKeyByteCount
    /// Bytes the record adds to the payload: the padding delimiter and the tag.
    public static let recordOverheadBytes = 1 + AES128GCM.tagByteCount
    /// The largest payload: 4096 − 86 − 17 = 3993 bytes.
    public static let maxPayloadBytes = maxBodyBytes - headerByteCount - recordOverheadBytes
    /// The record size written in the header unless given.
    public static let defaultRecordSize = 4096
    /// The smallest record size RFC 8188 allows (one byte of data, the delimiter and the tag).
    public static let minRecordSize = 18
    /// The largest record size the header's 32-bit field holds.
    public static let maxRecordSize = Int(UInt32.max)
    /// Bytes of the subscription's `auth` secret.
    public static let authSecretByteCount = 16
    /// Bytes of the salt.
    public static let saltByteCount = 16
    /// The delimiter after the payload of the last (here the only) record.
    static let lastRecordDelimiter: UInt8 = 0x02

    /// `payload` encrypted for the subscription with keys `p256dh` (65 bytes) and `authSecret` (16
    /// bytes), under a fresh ephemeral key and salt: the whole request body.
    ///
    /// `recordSize` is the header's record size; the payload plus 17 bytes must fit in it, and the
    /// payload must be at most `maxPayloadBytes`.
    public static func encrypt(
        payload: [UInt8], userAgentPublicKey p256dh: [UInt8], authSecret: [UInt8], recordSize: Int = defaultRecordSize
    ) throws(WebPushError) -> [UInt8] {
        let ephemeralKey: P256Key
        do { ephemeralKey = try P256Key.generate() } catch { throw .cryptography(error.description) }
        return try encrypt(
            payload: payload, userAgentPublicKey: p256dh, authSecret: authSecret, recordSize: recordSize,
            ephemeralKey: ephemeralKey, salt: SecureRandom.bytes(count: saltByteCount))
    }

    /// `encrypt` with a given ephemeral private key (32 bytes) and salt, so that a known answer such
    /// as RFC 8291's Appendix A can be checked byte for byte.
    static func encrypt(
        payload: [UInt8], userAgentPublicKey p256dh: [UInt8], authSecret: [UInt8], recordSize: Int = defaultRecordSize,
        ephemeralPrivateKey: [UInt8], salt: [UInt8]
    ) throws(WebPushError) -> [UInt8] {
        guard let ephemeralKey = P256Key(privateKey: ephemeralPrivateKey) else {
            throw .cryptography("the ephemeral private key is not a P-256 scalar")
        }
        return try encrypt(
            payload: payload, userAgentPublicKey: p256dh, authSecret: authSecret, recordSize: recordSize,
            ephemeralKey: ephemeralKey, salt: salt)
    }

    private static func encrypt(
        payload: [UInt8], userAgentPublicKey p256dh: [UInt8], authSecret: [UInt8], recordSize: Int,
        ephemeralKey: P256Key, salt: [UInt8]
    ) throws(WebPushError) -> [UInt8] {
        precondition(salt.count == saltByteCount, "a salt has \(saltByteCount) bytes")
        guard let userAgentKey = P256Key(publicKey: p256dh) else { throw .invalidUserAgentKey(byteCount: p256dh.count) }
        guard authSecret.count == authSecretByteCount else { throw .invalidAuthSecret(byteCount: authSecret.count) }
        guard (minRecordSize...maxRecordSize).contains(recordSize) else { throw .invalidRecordSize(recordSize) }
        let maxBytes = min(maxPayloadBytes, recordSize - recordOverheadBytes)
        guard payload.count <= maxBytes else { throw .payloadTooLarge(byteCount: payload.count, maxBytes: maxBytes) }

        do {
            // RFC 8291 §3.3-3.4: the ECDH secret and the auth secret make the input key; RFC 8188 §2.2
            // turns it and the salt into the content encryption key and the nonce.
            let sharedSecret = try ephemeralKey.sharedSecret(with: userAgentKey)
            let keyInfo = Array("WebPush: info".utf8) + [0] + userAgentKey.publicKey + ephemeralKey.publicKey
            let inputKey = try HKDF.sha256(salt: authSecret, inputKey: sharedSecret, info: keyInfo, byteCount: 32)
            let contentKey = try HKDF.sha256(
                salt: salt, inputKey: inputKey, info: Array("Content-Encoding: aes128gcm".utf8) + [0],
                byteCount: AES128GCM.keyByteCount)
            let nonce = try HKDF.sha256(
                salt: salt, inputKey: inputKey, info: Array("Content-Encoding: nonce".utf8) + [0],
                byteCount: AES128GCM.nonceByteCount)
            let record = try AES128GCM.seal(payload + [lastRecordDelimiter], key: contentKey, nonce: nonce)

            var body = salt
            body.reserveCapacity(headerByteCount + record.count)
            withUnsafeBytes(of: UInt32(recordSize).bigEndian) { body += $0 }
            body.append(UInt8(P256Key.publicKeyByteCount))
            body += ephemeralKey.publicKey
            body += record
            return body
        } catch {
            throw .cryptography(error.description)
        }
    }
}
