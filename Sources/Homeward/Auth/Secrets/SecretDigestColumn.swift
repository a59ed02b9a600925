import HomewardStore

/// A column holding digests of one kind of secret, and the rewrite of a legacy (unkeyed SHA-256)
/// digest in it to the keyed one once its secret has been presented.
struct SecretDigestColumn: Sendable {
    /// The table.
    let table: String
    /// The digest column (its name still says sha256; it holds the keyed digest now).
    let column: String

    /// Session bearer tokens.
    static let sessionTokens = SecretDigestColumn(table: "sessions", column: "token_sha256")
    /// Device keys of tracking clients.
    static let deviceKeys = SecretDigestColumn(table: "devices", column: "key_sha256")
    /// Share tokens.
    static let shareTokens = SecretDigestColumn(table: "shares", column: "token_sha256")

    /// Replaces the legacy digest of `secret` with its keyed digest, by the column's index (O(1));
    /// true when a row held the legacy digest.
    @discardableResult
    func rewrite(_ secret: String, with hasher: SecretHasher, in db: Database) throws -> Bool {
        try db.execute(
            "UPDATE \(table) SET \(column) = ? WHERE \(column) = ?",
            hasher.digest(secret), hasher.legacyDigest(secret)
        )
        return db.changes > 0
    }
}
