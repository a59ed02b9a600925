import Foundation

/// The server's VAPID key pair (RFC 8292): P-256, it signs the token on every Web Push request, and
/// its public half is the `applicationServerKey` a browser subscribes with. A new key means every
/// browser must subscribe again, so it is made once and kept in a file outside the database.
///
/// The file holds the private key as PEM (PKCS#8, `-----BEGIN PRIVATE KEY-----`; `openssl pkey -in
/// <file> -pubout` shows the public half). It is created on first start with mode 0600 (`O_CREAT |
/// O_EXCL`, so two starts never write two keys); an existing file must be readable by its owner only
/// and hold an unencrypted P-256 key.
public struct VAPIDKeys: Sendable {
    /// The only permission bits the file may have: read and write for its owner.
    public static let requiredMode: mode_t = OwnerOnlyFile.requiredMode

    /// The key pair.
    let key: P256Key

    /// The public key as an uncompressed point: 65 bytes, `0x04 | x | y`.
    public var publicKey: [UInt8] { key.publicKey }

    /// The public key as URL-safe base64 without padding: the `applicationServerKey` to give
    /// `PushManager.subscribe`, and the `k` of the `Authorization` header.
    public var publicKeyBase64URL: String { Base64URL.encode(key.publicKey) }

    /// Wraps a key pair (tests, and the file's contents).
    init(key: P256Key) {
        self.key = key
    }

    /// The default path of the key file beside the database: `<database path>.vapid`.
    public static func defaultPath(besideDatabase databasePath: String) -> String {
        databasePath + ".vapid"
    }

    /// Reads the key at `path`, or makes a new one and writes it there when no file exists.
    public static func loadOrCreate(path: String) throws(VAPIDKeysError) -> VAPIDKeys {
        guard let data = try OwnerOnlyFile.contents(at: path, reporting: VAPIDKeysError.self) else { return try create(at: path) }
        guard let key = P256Key(pem: Array(data)) else { throw .malformed(path: path) }
        return VAPIDKeys(key: key)
    }

    private static func create(at path: String) throws(VAPIDKeysError) -> VAPIDKeys {
        let key: P256Key
        let pem: [UInt8]
        do {
            key = try P256Key.generate()
            pem = try key.pem()
        } catch {
            throw .cannotCreate(path: path, reason: error.description)
        }
        try OwnerOnlyFile.create(at: path, bytes: pem, reporting: VAPIDKeysError.self)
        return VAPIDKeys(key: key)
    }
}
