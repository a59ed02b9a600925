import COpenSSL

/// A P-256 (prime256v1) key held by OpenSSL: a full key pair (the VAPID key, a message's ephemeral
/// key) or a public key alone (a browser's `p256dh`), with the operations Web Push needs: ECDH, and
/// ES256 signatures in the raw `r || s` form JWS uses.
///
/// `@unchecked Sendable`: the `EVP_PKEY` is never changed after it is made, and OpenSSL allows one
/// key to be used from many threads at once when nobody changes it.
final class P256Key: @unchecked Sendable {
    /// Bytes of a public key as an uncompressed point: `0x04 | x | y`.
    static let publicKeyByteCount = 65
    /// Bytes of a private key: the scalar, big endian.
    static let privateKeyByteCount = 32
    /// Bytes of an ES256 signature: `r | s`, 32 bytes each.
    static let signatureByteCount = 64

    /// The `EVP_PKEY`, owned.
    let key: OpaquePointer
    /// The public key, uncompressed.
    let publicKey: [UInt8]

    private init(owning key: OpaquePointer, publicKey: [UInt8]) {
        self.key = key
        self.publicKey = publicKey
    }

    deinit {
        EVP_PKEY_free(key)
    }

    /// A new random key pair.
    static func generate() throws(OpenSSLError) -> P256Key {
        guard let context = EVP_PKEY_CTX_new_from_name(nil, "EC", nil) else { throw OpenSSLError("EVP_PKEY_CTX_new_from_name") }
        defer { EVP_PKEY_CTX_free(context) }
        var generated: OpaquePointer?
        guard EVP_PKEY_keygen_init(context) == 1, EVP_PKEY_CTX_set_group_name(context, homeward_curve_p256()) == 1,
              EVP_PKEY_generate(context, &generated) == 1, let generated
        else { throw OpenSSLError("generating a P-256 key") }
        guard let publicKey = encodedPublicKey(of: generated) else {
            EVP_PKEY_free(generated)
            throw OpenSSLError("reading a generated P-256 public key")
        }
        return P256Key(owning: generated, publicKey: publicKey)
    }

    /// A public key from its uncompressed encoding; nil unless `bytes` is 65 bytes starting with 0x04
    /// that name a point on the curve (not the point at infinity).
    convenience init?(publicKey bytes: [UInt8]) {
        guard bytes.count == Self.publicKeyByteCount, bytes[0] == 0x04,
              let key = Self.importKey(publicKey: bytes, privateKey: nil)
        else { return nil }
        self.init(owning: key, publicKey: bytes)
    }

    /// A key pair from its private scalar (32 bytes, big endian); nil unless it lies in [1, n-1].
    convenience init?(privateKey bytes: [UInt8]) {
        guard bytes.count == Self.privateKeyByteCount, let publicKey = Self.publicKey(ofPrivateKey: bytes),
              let key = Self.importKey(publicKey: publicKey, privateKey: bytes)
        else { return nil }
        self.init(owning: key, publicKey: publicKey)
    }

    /// A key pair from an unencrypted PEM private key (PKCS#8 or SEC 1); nil unless it is a valid
    /// P-256 key.
    convenience init?(pem: [UInt8]) {
        let decoded: OpaquePointer? = pem.withUnsafeBytes { bytes in
            guard let bio = BIO_new_mem_buf(bytes.baseAddress, Int32(bytes.count)) else { return nil }
            defer { BIO_free(bio) }
            // A key under a passphrase is refused instead of OpenSSL asking on the terminal.
            return PEM_read_bio_PrivateKey(bio, nil, { _, _, _, _ in 0 }, nil)
        }
        guard let decoded else {
            ERR_clear_error()
            return nil
        }
        guard Self.isP256(decoded), Self.passesChecks(decoded, selection: homeward_evp_pkey_keypair()),
              let publicKey = Self.encodedPublicKey(of: decoded)
        else {
            EVP_PKEY_free(decoded)
            ERR_clear_error()
            return nil
        }
        self.init(owning: decoded, publicKey: publicKey)
    }

    /// The private key as PEM (PKCS#8, `-----BEGIN PRIVATE KEY-----`).
    func pem() throws(OpenSSLError) -> [UInt8] {
        guard let bio = BIO_new(BIO_s_mem()) else { throw OpenSSLError("BIO_new") }
        defer { BIO_free(bio) }
        guard PEM_write_bio_PrivateKey(bio, key, nil, nil, 0, nil, nil) == 1 else { throw OpenSSLError("writing a PEM key") }
        var data: UnsafeMutablePointer<CChar>?
        let length = homeward_bio_mem_data(bio, &data)
        guard length > 0, let data else { throw OpenSSLError("reading a PEM key") }
        return data.withMemoryRebound(to: UInt8.self, capacity: length) { Array(UnsafeBufferPointer(start: $0, count: length)) }
    }

    /// The ECDH shared secret with `peer`: the x coordinate of the product, 32 bytes.
    func sharedSecret(with peer: P256Key) throws(OpenSSLError) -> [UInt8] {
        guard let context = EVP_PKEY_CTX_new_from_pkey(nil, key, nil) else { throw OpenSSLError("EVP_PKEY_CTX_new_from_pkey") }
        defer { EVP_PKEY_CTX_free(context) }
        var length = 0
        guard EVP_PKEY_derive_init(context) == 1, EVP_PKEY_derive_set_peer(context, peer.key) == 1,
              EVP_PKEY_derive(context, nil, &length) == 1
        else { throw OpenSSLError("starting ECDH") }
        var secret = [UInt8](repeating: 0, count: length)
        guard EVP_PKEY_derive(context, &secret, &length) == 1 else { throw OpenSSLError("ECDH") }
        return Array(secret[..<length])
    }

    /// The ES256 signature of `message` (ECDSA over its SHA-256), as `r | s`: 64 bytes.
    func signature(of message: [UInt8]) throws(OpenSSLError) -> [UInt8] {
        guard let context = EVP_MD_CTX_new() else { throw OpenSSLError("EVP_MD_CTX_new") }
        defer { EVP_MD_CTX_free(context) }
        var length = 0
        guard EVP_DigestSignInit(context, nil, EVP_sha256(), nil, key) == 1,
              EVP_DigestSign(context, nil, &length, message, message.count) == 1
        else { throw OpenSSLError("starting an ECDSA signature") }
        var der = [UInt8](repeating: 0, count: length)
        guard EVP_DigestSign(context, &der, &length, message, message.count) == 1 else { throw OpenSSLError("ECDSA signature") }
        // OpenSSL writes the DER `SEQUENCE { r INTEGER, s INTEGER }`; JWS wants both as 32 bytes.
        let parsed: OpaquePointer? = der.withUnsafeBufferPointer { buffer in
            var cursor = buffer.baseAddress
            return d2i_ECDSA_SIG(nil, &cursor, length)
        }
        guard let parsed else { throw OpenSSLError("reading an ECDSA signature") }
        defer { ECDSA_SIG_free(parsed) }
        var r: OpaquePointer?
        var s: OpaquePointer?
        ECDSA_SIG_get0(parsed, &r, &s)
        let half = Self.signatureByteCount / 2
        var raw = [UInt8](repeating: 0, count: Self.signatureByteCount)
        let written = raw.withUnsafeMutableBufferPointer { buffer in
            (BN_bn2binpad(r, buffer.baseAddress, Int32(half)), BN_bn2binpad(s, buffer.baseAddress! + half, Int32(half)))
        }
        guard written == (Int32(half), Int32(half)) else { throw OpenSSLError("an ECDSA signature of unexpected size") }
        return raw
    }

    // MARK: - Import

    /// `Q = d·G` for the private scalar `d`, uncompressed; nil unless 1 ≤ d < n.
    private static func publicKey(ofPrivateKey bytes: [UInt8]) -> [UInt8]? {
        guard let group = EC_GROUP_new_by_curve_name(NID_X9_62_prime256v1) else { return nil }
        defer { EC_GROUP_free(group) }
        guard let scalar = BN_bin2bn(bytes, Int32(bytes.count), nil) else { return nil }
        defer { BN_clear_free(scalar) }
        guard BN_is_zero(scalar) == 0, BN_cmp(scalar, EC_GROUP_get0_order(group)) < 0,
              let point = EC_POINT_new(group)
        else { return nil }
        defer { EC_POINT_free(point) }
        var encoded = [UInt8](repeating: 0, count: publicKeyByteCount)
        guard EC_POINT_mul(group, point, scalar, nil, nil, nil) == 1,
              EC_POINT_point2oct(group, point, POINT_CONVERSION_UNCOMPRESSED, &encoded, encoded.count, nil) == publicKeyByteCount
        else {
            ERR_clear_error()
            return nil
        }
        return encoded
    }

    /// An `EVP_PKEY` from its public point and, for a key pair, its private scalar, after OpenSSL's
    /// checks (the point on the curve; for a pair, that the two belong together).
    private static func importKey(publicKey: [UInt8], privateKey: [UInt8]?) -> OpaquePointer? {
        defer { ERR_clear_error() }
        guard let builder = OSSL_PARAM_BLD_new() else { return nil }
        defer { OSSL_PARAM_BLD_free(builder) }
        var scalar: OpaquePointer?
        defer { BN_clear_free(scalar) }
        if let privateKey {
            scalar = BN_bin2bn(privateKey, Int32(privateKey.count), nil)
            guard scalar != nil, OSSL_PARAM_BLD_push_BN(builder, homeward_param_private_key(), scalar) == 1 else { return nil }
        }
        // The builder keeps pointers to its names and values until `OSSL_PARAM_BLD_to_param` copies
        // the values: the names are C literals, and the point stays pinned until then.
        let parameters = publicKey.withUnsafeBytes { point -> UnsafeMutablePointer<OSSL_PARAM>? in
            guard OSSL_PARAM_BLD_push_utf8_string(builder, homeward_param_group_name(), homeward_curve_p256(), 0) == 1,
                  OSSL_PARAM_BLD_push_octet_string(builder, homeward_param_public_key(), point.baseAddress, point.count) == 1
            else { return nil }
            return OSSL_PARAM_BLD_to_param(builder)
        }
        guard let parameters else { return nil }
        defer { OSSL_PARAM_free(parameters) }
        guard let context = EVP_PKEY_CTX_new_from_name(nil, "EC", nil) else { return nil }
        defer { EVP_PKEY_CTX_free(context) }
        let selection = privateKey == nil ? homeward_evp_pkey_public_key() : homeward_evp_pkey_keypair()
        var imported: OpaquePointer?
        guard EVP_PKEY_fromdata_init(context) == 1, EVP_PKEY_fromdata(context, &imported, selection, parameters) == 1,
              let imported
        else { return nil }
        guard passesChecks(imported, selection: selection) else {
            EVP_PKEY_free(imported)
            return nil
        }
        return imported
    }

    /// Whether `key` is an EC key on P-256.
    private static func isP256(_ key: OpaquePointer) -> Bool {
        guard EVP_PKEY_is_a(key, "EC") == 1 else { return false }
        var name = [CChar](repeating: 0, count: 64)
        var length = 0
        guard EVP_PKEY_get_utf8_string_param(key, homeward_param_group_name(), &name, name.count, &length) == 1 else { return false }
        return strcmp(name, homeward_curve_p256()) == 0
    }

    /// OpenSSL's checks of a public key (point on the curve, of the right order) and, for a key pair,
    /// of the private key and that the two belong together.
    private static func passesChecks(_ key: OpaquePointer, selection: Int32) -> Bool {
        guard let context = EVP_PKEY_CTX_new_from_pkey(nil, key, nil) else { return false }
        defer { EVP_PKEY_CTX_free(context) }
        guard EVP_PKEY_public_check(context) == 1 else { return false }
        return selection == homeward_evp_pkey_public_key() || EVP_PKEY_pairwise_check(context) == 1
    }

    /// The uncompressed public point of `key`.
    private static func encodedPublicKey(of key: OpaquePointer) -> [UInt8]? {
        var encoded = [UInt8](repeating: 0, count: publicKeyByteCount)
        var length = 0
        guard EVP_PKEY_get_octet_string_param(key, homeward_param_public_key(), &encoded, encoded.count, &length) == 1,
              length == publicKeyByteCount, encoded[0] == 0x04
        else { return nil }
        return encoded
    }
}
