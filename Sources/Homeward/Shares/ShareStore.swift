import HomewardStore

/// The SQL of share links, on the connection of the caller's read or write block. Tokens are
/// looked up by their keyed digest (`SecretHasher`); the token itself is never stored.
struct ShareStore {
    /// The connection of the current block.
    let db: Database

    /// Stores a link of `account` to `scope`, read by the token whose digest is `tokenDigest`.
    func insert(id: String, account: AccountKey, scope: ShareScope, tokenDigest: [UInt8], createdAt: Timestamp, expiresAt: Timestamp) throws {
        try db.execute(
            "INSERT INTO shares (id, account_key, scope, token_sha256, created_at_ms, expires_at_ms) VALUES (?, ?, ?, ?, ?, ?)",
            id, account, scope, tokenDigest, createdAt.unixMilliseconds, expiresAt.unixMilliseconds
        )
    }

    /// The links of `account` that still work at `now`, oldest first.
    func shares(of account: AccountKey, at now: Timestamp) throws -> [ShareResource] {
        try db.fetchAll(
            """
            SELECT id, scope, created_at_ms, expires_at_ms FROM shares
            WHERE account_key = ? AND expires_at_ms > ? ORDER BY created_at_ms, id
            """,
            [account, now.unixMilliseconds]
        ) { row in
            ShareResource(
                id: try row.value(named: "id"), scope: try row.value(named: "scope"),
                createdAt: Timestamp(unixMilliseconds: try row.value(named: "created_at_ms")),
                expiresAt: Timestamp(unixMilliseconds: try row.value(named: "expires_at_ms")))
        }
    }

    /// Deletes the link with id `id` or token digest `tokenDigest` if `account` made it; false otherwise.
    func deleteShare(id: String, orTokenDigest tokenDigest: [UInt8], of account: AccountKey) throws -> Bool {
        try db.execute("DELETE FROM shares WHERE id = ? AND account_key = ?", id, account)
        if db.changes > 0 { return true }
        try db.execute("DELETE FROM shares WHERE token_sha256 = ? AND account_key = ?", tokenDigest, account)
        return db.changes > 0
    }

    /// Rewrites the token digest `legacy` (a plain SHA-256 from before keyed digests) as `keyed`, by
    /// the column's index; true when a link had it.
    @discardableResult
    func rewriteTokenDigest(_ legacy: [UInt8], to keyed: [UInt8]) throws -> Bool {
        try db.execute("UPDATE shares SET token_sha256 = ? WHERE token_sha256 = ?", keyed, legacy)
        return db.changes > 0
    }

    /// Ends every link of `account` (its password changed).
    func deleteShares(of account: AccountKey) throws {
        try db.execute("DELETE FROM shares WHERE account_key = ?", account)
    }

    /// The account whose `scope` the token with `tokenDigest` reads at `now`; nil when no such
    /// link exists, it reads another scope, or it has expired.
    func sharedAccount(tokenDigest: [UInt8], scope: ShareScope, at now: Timestamp) throws -> AccountKey? {
        try db.fetchOne(
            "SELECT account_key FROM shares WHERE token_sha256 = ? AND scope = ? AND expires_at_ms > ?",
            [tokenDigest, scope, now.unixMilliseconds]
        ) { row in try row.value(named: "account_key") }
    }

    /// When the link with `tokenDigest` to `scope` stops working, if it works at `now`.
    func expiry(tokenDigest: [UInt8], scope: ShareScope, at now: Timestamp) throws -> Timestamp? {
        try db.fetchOne(
            "SELECT expires_at_ms FROM shares WHERE token_sha256 = ? AND scope = ? AND expires_at_ms > ?",
            [tokenDigest, scope, now.unixMilliseconds]
        ) { row in Timestamp(unixMilliseconds: try row.value(named: "expires_at_ms")) }
    }
}
