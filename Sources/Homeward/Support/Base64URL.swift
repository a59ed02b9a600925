import CSodium

/// URL-safe base64 without padding (RFC 4648 §5), by libsodium: the form of tokens, and of the keys
/// in a Web Push subscription and a VAPID JWT.
public enum Base64URL {
    /// `bytes` as `A-Z a-z 0-9 - _`, without `=` padding.
    public static func encode(_ bytes: [UInt8]) -> String {
        let variant = Int32(sodium_base64_VARIANT_URLSAFE_NO_PADDING)
        let capacity = sodium_base64_encoded_len(bytes.count, variant)
        var encoded = [CChar](repeating: 0, count: capacity)
        bytes.withUnsafeBufferPointer { input in
            _ = sodium_bin2base64(&encoded, capacity, input.baseAddress, input.count, variant)
        }
        return encoded.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
    }

    /// The bytes `text` encodes; nil unless it is canonical URL-safe base64 without padding (no
    /// whitespace, no other character, no stray bits in the last character).
    public static func decode(_ text: String) -> [UInt8]? {
        let characters = Array(text.utf8)
        let variant = Int32(sodium_base64_VARIANT_URLSAFE_NO_PADDING)
        var decoded = [UInt8](repeating: 0, count: characters.count * 3 / 4 + 1)
        var length = 0
        let status = characters.withUnsafeBufferPointer { input in
            input.withMemoryRebound(to: CChar.self) { input in
                sodium_base642bin(&decoded, decoded.count, input.baseAddress, input.count, nil, &length, nil, variant)
            }
        }
        guard status == 0, length <= decoded.count else { return nil }
        return Array(decoded[..<length])
    }
}
