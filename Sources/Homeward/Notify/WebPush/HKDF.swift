import COpenSSL

/// HKDF with SHA-256 (RFC 5869), extract then expand, by OpenSSL.
enum HKDF {
    /// The first `byteCount` bytes of HKDF-SHA-256 over `inputKey` with `salt` and `info`.
    static func sha256(salt: [UInt8], inputKey: [UInt8], info: [UInt8], byteCount: Int) throws(OpenSSLError) -> [UInt8] {
        guard let context = EVP_PKEY_CTX_new_id(EVP_PKEY_HKDF, nil) else { throw OpenSSLError("EVP_PKEY_CTX_new_id(HKDF)") }
        defer { EVP_PKEY_CTX_free(context) }
        var output = [UInt8](repeating: 0, count: byteCount)
        var length = byteCount
        guard EVP_PKEY_derive_init(context) == 1,
              EVP_PKEY_CTX_set_hkdf_md(context, EVP_sha256()) == 1,
              EVP_PKEY_CTX_set1_hkdf_salt(context, salt, Int32(salt.count)) == 1,
              EVP_PKEY_CTX_set1_hkdf_key(context, inputKey, Int32(inputKey.count)) == 1,
              EVP_PKEY_CTX_add1_hkdf_info(context, info, Int32(info.count)) == 1,
              EVP_PKEY_derive(context, &output, &length) == 1, length == byteCount
        else { throw OpenSSLError("HKDF-SHA-256") }
        return output
    }
}
