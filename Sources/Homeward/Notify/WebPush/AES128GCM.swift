import COpenSSL

/// AES-128-GCM encryption by OpenSSL, with a 96-bit nonce and a 128-bit tag.
enum AES128GCM {
    /// Bytes of a key.
    static let keyByteCount = 16
    /// Bytes of a nonce.
    static let nonceByteCount = 12
    /// Bytes of the authentication tag appended to the ciphertext.
    static let tagByteCount = 16

    /// `plaintext` encrypted under `key` and `nonce`, followed by the tag; no associated data.
    static func seal(_ plaintext: [UInt8], key: [UInt8], nonce: [UInt8]) throws(OpenSSLError) -> [UInt8] {
        precondition(key.count == keyByteCount && nonce.count == nonceByteCount, "AES-128-GCM takes a 16-byte key and a 12-byte nonce")
        guard let context = EVP_CIPHER_CTX_new() else { throw OpenSSLError("EVP_CIPHER_CTX_new") }
        defer { EVP_CIPHER_CTX_free(context) }
        // GCM is a stream mode: the ciphertext is as long as the plaintext.
        var sealed = [UInt8](repeating: 0, count: plaintext.count + tagByteCount)
        var written: Int32 = 0
        var finalWritten: Int32 = 0
        let succeeded = sealed.withUnsafeMutableBufferPointer { output in
            EVP_EncryptInit_ex(context, EVP_aes_128_gcm(), nil, key, nonce) == 1
                && EVP_EncryptUpdate(context, output.baseAddress, &written, plaintext, Int32(plaintext.count)) == 1
                && EVP_EncryptFinal_ex(context, output.baseAddress! + Int(written), &finalWritten) == 1
                && Int(written + finalWritten) == plaintext.count
                && EVP_CIPHER_CTX_ctrl(context, EVP_CTRL_GCM_GET_TAG, Int32(tagByteCount), output.baseAddress! + plaintext.count) == 1
        }
        guard succeeded else { throw OpenSSLError("AES-128-GCM") }
        return sealed
    }
}
