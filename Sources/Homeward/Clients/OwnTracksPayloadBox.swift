import CSodium
import Foundation

/// OwnTracks' payload encryption: libsodium's secretbox (XSalsa20-Poly1305) with the secret the person
/// typed into the app, zero-padded (or cut) to 32 bytes; a message travels as
/// `{"_type":"encrypted","data": base64(nonce | mac | ciphertext)}` (both apps' EncryptionProvider).
struct OwnTracksPayloadBox {
    private let key: [UInt8]

    /// The box of `secret`, as the apps derive their key from it.
    init(secret: String) {
        var key = Array(secret.utf8.prefix(Int(crypto_secretbox_KEYBYTES)))
        key += [UInt8](repeating: 0, count: Int(crypto_secretbox_KEYBYTES) - key.count)
        self.key = key
    }

    /// The plaintext of `data` (base64 of nonce | mac | ciphertext); nil when it is not base64, too
    /// short, or fails authentication (a wrong secret).
    func open(_ data: String) -> [UInt8]? {
        guard let sealed = Data(base64Encoded: data).map(Array.init) else { return nil }
        let nonceBytes = Int(crypto_secretbox_NONCEBYTES), macBytes = Int(crypto_secretbox_MACBYTES)
        guard sealed.count >= nonceBytes + macBytes else { return nil }
        let nonce = Array(sealed.prefix(nonceBytes))
        let boxed = Array(sealed.dropFirst(nonceBytes))
        var plain = [UInt8](repeating: 0, count: boxed.count - macBytes)
        let status = crypto_secretbox_open_easy(&plain, boxed, UInt64(boxed.count), nonce, key)
        return status == 0 ? plain : nil
    }

    /// `plain` sealed under a fresh random nonce, as base64 of nonce | mac | ciphertext.
    func seal(_ plain: [UInt8]) -> String {
        let nonce = SecureRandom.bytes(count: Int(crypto_secretbox_NONCEBYTES))
        var boxed = [UInt8](repeating: 0, count: plain.count + Int(crypto_secretbox_MACBYTES))
        _ = crypto_secretbox_easy(&boxed, plain, UInt64(plain.count), nonce, key)
        return Data(nonce + boxed).base64EncodedString()
    }
}
