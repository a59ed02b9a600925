import HomewardStore

/// The SQL of verification codes and guardian links, on the connection of the caller's read or write
/// block.
struct LinkStore {
    /// The connection of the current block.
    let db: Database

    // MARK: Verification codes

    /// Sets (replacing any earlier one) the verification code of `account`, stored as its keyed digest.
    func setCode(digest: [UInt8], of account: AccountKey, at time: Timestamp, expiresAt: Timestamp) throws {
        try db.execute(
            """
            INSERT INTO verification_codes (account_key, code_sha256, expires_at_ms, created_at_ms) VALUES (?, ?, ?, ?)
            ON CONFLICT (account_key) DO UPDATE
            SET code_sha256 = excluded.code_sha256, expires_at_ms = excluded.expires_at_ms,
                created_at_ms = excluded.created_at_ms
            """,
            account, digest, expiresAt.unixMilliseconds, time.unixMilliseconds
        )
    }

    /// Removes the verification code of `account`, if any.
    func deleteCode(of account: AccountKey) throws {
        try db.execute("DELETE FROM verification_codes WHERE account_key = ?", account)
    }

    /// The phone of `account` and the digest of its code if the code is still valid at `time`.
    func currentCode(of account: AccountKey, at time: Timestamp) throws -> (phone: String, codeDigest: [UInt8]?, expiresAt: Timestamp?)? {
        try accountWithCode(where: "a.key = ?", account, at: time).map { (phone: $0.phone, codeDigest: $0.codeDigest, expiresAt: $0.expiresAt) }
    }

    /// The account with phone `phone` and the digest of its code if the code is still valid at `time`.
    func linkTarget(phone: String, at time: Timestamp) throws -> (account: AccountKey, codeDigest: [UInt8]?)? {
        try accountWithCode(where: "a.phone = ?", phone, at: time).map { (account: $0.key, codeDigest: $0.codeDigest) }
    }

    private func accountWithCode(
        where condition: String, _ value: some DatabaseValueConvertible, at time: Timestamp
    ) throws -> (key: AccountKey, phone: String, codeDigest: [UInt8]?, expiresAt: Timestamp?)? {
        try db.fetchOne(
            """
            SELECT a.key, a.phone, v.code_sha256, v.expires_at_ms FROM accounts a
            LEFT JOIN verification_codes v ON v.account_key = a.key AND v.expires_at_ms > ?
            WHERE \(condition)
            """,
            [time.unixMilliseconds, value]
        ) { row in
            (key: try row.value(named: "key") as AccountKey, phone: try row.value(named: "phone") as String,
             codeDigest: try row.value(named: "code_sha256") as [UInt8]?,
             expiresAt: (try row.value(named: "expires_at_ms") as Int64?).map { Timestamp(unixMilliseconds: $0) })
        }
    }

    // MARK: Links

    /// Makes `guardian` a guardian of `dependent`, spending the dependent's code whose stored digest
    /// is `codeDigest`, and returns the new link's id. Throws `LinkStoreError.alreadyLinked` if they
    /// are linked already (the code is kept), `.codeSpent` if the code was spent or replaced meanwhile
    /// (two guardians racing with one code: one wins).
    func createLink(guardian: AccountKey, dependent: AccountKey, spending codeDigest: [UInt8], at time: Timestamp) throws -> String {
        guard try !isGuardian(guardian, of: dependent) else { throw LinkStoreError.alreadyLinked }
        try db.execute(
            "DELETE FROM verification_codes WHERE account_key = ? AND code_sha256 = ? AND expires_at_ms > ?",
            dependent, codeDigest, time.unixMilliseconds)
        guard db.changes == 1 else { throw LinkStoreError.codeSpent }
        let id = SecureRandom.identifier()
        try db.execute(
            "INSERT INTO links (id, guardian_key, dependent_key, created_at_ms) VALUES (?, ?, ?, ?)",
            id, guardian, dependent, time.unixMilliseconds
        )
        return id
    }

    /// Link `id` as the API shows it, or nil.
    func link(_ id: String) throws -> LinkResource? {
        try links(where: "l.id = ?", [id]).first
    }

    /// The links of `account`: as guardian and as dependent, oldest first.
    func links(of account: AccountKey) throws -> LinkList {
        LinkList(
            dependents: try links(where: "l.guardian_key = ?", [account]),
            guardians: try links(where: "l.dependent_key = ?", [account])
        )
    }

    /// Ends link `id`.
    func deleteLink(_ id: String) throws {
        try db.execute("DELETE FROM links WHERE id = ?", id)
    }

    /// Whether `guardian` is a guardian of `dependent`.
    func isGuardian(_ guardian: AccountKey, of dependent: AccountKey) throws -> Bool {
        try db.fetchOne(
            "SELECT 1 AS found FROM links WHERE guardian_key = ? AND dependent_key = ?", [guardian, dependent]
        ) { row in try row.value(named: "found") as Int64 } != nil
    }

    /// The accounts `guardian` guards, oldest link first.
    func dependents(of guardian: AccountKey) throws -> [AccountKey] {
        try db.fetchAll(
            "SELECT dependent_key FROM links WHERE guardian_key = ? ORDER BY created_at_ms, id", [guardian]
        ) { row in try row.value(named: "dependent_key") }
    }

    /// The guardians of `dependent`, oldest link first.
    func guardians(of dependent: AccountKey) throws -> [AccountKey] {
        try db.fetchAll(
            "SELECT guardian_key FROM links WHERE dependent_key = ? ORDER BY created_at_ms, id", [dependent]
        ) { row in try row.value(named: "guardian_key") }
    }

    /// The two sides of link `id` if `account` is one of them, else nil.
    func parties(ofLink id: String, involving account: AccountKey) throws -> (guardian: AccountKey, dependent: AccountKey)? {
        try db.fetchOne(
            "SELECT guardian_key, dependent_key FROM links WHERE id = ? AND ? IN (guardian_key, dependent_key)",
            [id, account]
        ) { row in
            (guardian: try row.value(named: "guardian_key") as AccountKey, dependent: try row.value(named: "dependent_key") as AccountKey)
        }
    }

    private func links(where condition: String, _ arguments: StatementArguments) throws -> [LinkResource] {
        try db.fetchAll(
            """
            SELECT l.id, g.id AS guardian_id, g.name AS guardian_name, d.id AS dependent_id, d.name AS dependent_name,
                   d.phone AS dependent_phone, l.created_at_ms
            FROM links l JOIN accounts g ON g.key = l.guardian_key JOIN accounts d ON d.key = l.dependent_key
            WHERE \(condition) ORDER BY l.created_at_ms, l.id
            """,
            arguments
        ) { row in
            LinkResource(
                id: try row.value(named: "id"),
                guardian: .init(id: try row.value(named: "guardian_id"), name: try row.value(named: "guardian_name")),
                dependent: .init(
                    id: try row.value(named: "dependent_id"), name: try row.value(named: "dependent_name"),
                    phone: try row.value(named: "dependent_phone")),
                createdAt: Timestamp(unixMilliseconds: try row.value(named: "created_at_ms"))
            )
        }
    }
}
