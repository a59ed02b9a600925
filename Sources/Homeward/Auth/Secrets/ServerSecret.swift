import Foundation

/// The server's own key for digests of secrets: 32 random bytes kept in a file outside the database,
/// so that a copy of the database file alone cannot test guesses of a code, token or key against
/// their stored digests (`SecretHasher`).
///
/// The file holds the key as 64 hexadecimal characters. It is created on first start with mode
/// 0600 (`O_CREAT | O_EXCL`, so two starts never write two keys); an existing file must be readable
/// by the owner only, hold a well-formed key, and match the key the database was last used with.
public struct ServerSecret: Sendable {
    /// Bytes of the key.
    public static let byteCount = 32
    /// The only permission bits the file may have: read and write for its owner.
    public static let requiredMode: mode_t = OwnerOnlyFile.requiredMode

    /// The key.
    let bytes: [UInt8]

    /// Creates a secret from `bytes` (tests).
    init(bytes: [UInt8]) {
        precondition(bytes.count == Self.byteCount, "a server secret has \(Self.byteCount) bytes")
        self.bytes = bytes
    }

    /// The default path of the secret file beside the database: `<database path>.secret`.
    public static func defaultPath(besideDatabase databasePath: String) -> String {
        databasePath + ".secret"
    }

    /// Reads the secret at `path`, or creates it there when no file exists and `mayCreate`.
    public static func loadOrCreate(at path: String, mayCreate: Bool) throws(ServerSecretError) -> ServerSecret {
        guard let data = try OwnerOnlyFile.contents(at: path, reporting: ServerSecretError.self) else {
            guard mayCreate else { throw .missing(path: path) }
            return try create(at: path)
        }
        let text = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        guard let bytes = Self.bytes(hex: text), bytes.count == byteCount else { throw .malformed(path: path) }
        return ServerSecret(bytes: bytes)
    }

    private static func create(at path: String) throws(ServerSecretError) -> ServerSecret {
        let secret = ServerSecret(bytes: SecureRandom.bytes(count: byteCount))
        try OwnerOnlyFile.create(at: path, bytes: Array((SecretDigest.hex(secret.bytes) + "\n").utf8), reporting: ServerSecretError.self)
        return secret
    }

    private static func bytes(hex: String) -> [UInt8]? {
        let digits = Array(hex.utf8)
        guard digits.count % 2 == 0 else { return nil }
        func value(_ digit: UInt8) -> UInt8? {
            switch digit {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit - UInt8(ascii: "A") + 10
            default: nil
            }
        }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(digits.count / 2)
        for index in stride(from: 0, to: digits.count, by: 2) {
            guard let high = value(digits[index]), let low = value(digits[index + 1]) else { return nil }
            bytes.append(high << 4 | low)
        }
        return bytes
    }
}
