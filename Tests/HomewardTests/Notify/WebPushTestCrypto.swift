import COpenSSL
@testable import Homeward

/// The browser's and the push service's halves of Web Push, for checking what the server sends:
/// RFC 8291 decryption and ES256 verification, with OpenSSL called here directly.
enum WebPushTestCrypto {
    /// The payload of an `aes128gcm` body of one record, opened with the subscription's private key
    /// and auth secret; nil when the body does not decrypt or is malformed.
    static func decrypt(body: [UInt8], userAgentPrivateKey: [UInt8], authSecret: [UInt8]) -> [UInt8]? {
        guard body.count > 86 + 16, body[20] == 65,
              let userAgent = P256Key(privateKey: userAgentPrivateKey),
              let sender = P256Key(publicKey: Array(body[21..<86])),
              let shared = try? userAgent.sharedSecret(with: sender)
        else { return nil }
        let salt = Array(body[0..<16])
        let recordSize = body[16..<20].reduce(0) { $0 << 8 | Int($1) }
        let record = Array(body[86...])
        guard record.count <= recordSize,
              let inputKey = try? HKDF.sha256(
                  salt: authSecret, inputKey: shared,
                  info: Array("WebPush: info".utf8) + [0] + userAgent.publicKey + sender.publicKey, byteCount: 32),
              let key = try? HKDF.sha256(salt: salt, inputKey: inputKey, info: Array("Content-Encoding: aes128gcm".utf8) + [0], byteCount: 16),
              let nonce = try? HKDF.sha256(salt: salt, inputKey: inputKey, info: Array("Content-Encoding: nonce".utf8) + [0], byteCount: 12),
              var plain = open(record, key: key, nonce: nonce)
        else { return nil }
        while plain.last == 0 { plain.removeLast() }
        guard plain.last == 2 else { return nil }
        return Array(plain.dropLast())
    }

    /// Whether `signature` (`r | s`, 64 bytes) is an ES256 signature of `message` by the P-256
    /// public key `publicKey` (65 bytes, uncompressed).
    static func verifiesES256(signature: [UInt8], of message: [UInt8], publicKey: [UInt8]) -> Bool {
        guard signature.count == 64, let key = P256Key(publicKey: publicKey), let parsed = ECDSA_SIG_new() else { return false }
        defer { ECDSA_SIG_free(parsed) }
        guard let r = BN_bin2bn(signature, 32, nil) else { return false }
        guard let s = Array(signature[32...]).withUnsafeBufferPointer({ BN_bin2bn($0.baseAddress, 32, nil) }) else {
            BN_free(r)
            return false
        }
        guard ECDSA_SIG_set0(parsed, r, s) == 1 else { return false }
        let length = Int(i2d_ECDSA_SIG(parsed, nil))
        var der = [UInt8](repeating: 0, count: length)
        der.withUnsafeMutableBufferPointer { buffer in
            var cursor = buffer.baseAddress
            _ = i2d_ECDSA_SIG(parsed, &cursor)
        }
        guard let context = EVP_MD_CTX_new() else { return false }
        defer { EVP_MD_CTX_free(context) }
        return EVP_DigestVerifyInit(context, nil, EVP_sha256(), nil, key.key) == 1
            && EVP_DigestVerify(context, der, der.count, message, message.count) == 1
    }

    private static func open(_ sealed: [UInt8], key: [UInt8], nonce: [UInt8]) -> [UInt8]? {
        guard sealed.count >= 16, let context = EVP_CIPHER_CTX_new() else { return nil }
        defer { EVP_CIPHER_CTX_free(context) }
        let ciphertext = Array(sealed.dropLast(16))
        var tag = Array(sealed.suffix(16))
        var plain = [UInt8](repeating: 0, count: ciphertext.count + 16)
        var written: Int32 = 0
        var finalWritten: Int32 = 0
        let opened = plain.withUnsafeMutableBufferPointer { output in
            EVP_DecryptInit_ex(context, EVP_aes_128_gcm(), nil, key, nonce) == 1
                && EVP_DecryptUpdate(context, output.baseAddress, &written, ciphertext, Int32(ciphertext.count)) == 1
                && EVP_CIPHER_CTX_ctrl(context, EVP_CTRL_GCM_SET_TAG, 16, &tag) == 1
                && EVP_DecryptFinal_ex(context, output.baseAddress! + Int(written), &finalWritten) == 1
        }
        return opened ? Array(plain[..<Int(written + finalWritten)]) : nil
    }
}
