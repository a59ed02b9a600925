import HomewardStore

/// The SQL of verification codes and guardian links, on the connection of the caller's read or write
/// block.
struct LinkStore {
    /// The connection of the current block.
    let db: Database

    // MARK: Verification codes

    /// Sets (replacing any earlier one) the verification code of `account`, stored as its keyed digest;
    /// `chosen` when the person chose it (it then links several guardians).
    func setCode(digest: [UInt8], chosen: Bool, of account: AccountKey, at time: Timestamp, expiresAt: Timestamp) throws {
        try db.execute(
            """
            INSERT INTO verification_codes (account_key, code_sha256, expires_at_ms, created_at_ms, chosen, links_made)
            VALUES (?, ?, ?, ?, ?, 0)
            ON CONFLICT (account_key) DO UPDATE
            SET code_sha256 = excluded.code_sha256, expires_at_ms = excluded.expires_at_ms,
                created_at_ms = excluded.created_at_ms, chosen = excluded.chosen, links_made = 0
            """,
            account, digest, expiresAt.unixMilliseconds, time.unixMilliseconds, chosen ? 1 : 0
        )
    }

    /// Removes the verification code of `account`, if any.
    func deleteCode(of account: AccountKey) throws {
        try db.execute("DELETE FROM verification_codes WHERE account_key = ?", account)
    }

    /// The phone of `account` and its code if the code is still valid at `time` and can make
    /// another link (a chosen code below `maxLinks` links).
    func currentCode(of account: AccountKey, at time: Timestamp, maxLinks: Int) throws -> (phone: String, code: StoredCode?)? {
        try accountWithCode(where: "a.key = ?", account, at: time, maxLinks: maxLinks).map { (phone: $0.phone, code: $0.code) }
    }

    /// The account with phone `phone` and its code if the code is still valid at `time` and can
    /// make another link.
    func linkTarget(phone: String, at time: Timestamp, maxLinks: Int) throws -> (account: AccountKey, code: StoredCode?)? {
        try accountWithCode(where: "a.phone = ?", phone, at: time, maxLinks: maxLinks).map { (account: $0.key, code: $0.code) }
    }

    /// A verification code as stored: its digest, whether the person chose it, the links it made.
    struct StoredCode {
        /// The keyed digest of the code.
        let digest: [UInt8]
        /// Whether the person chose it (several guardians) rather than the server drawing it (one).
        let chosen: Bool
        /// How many links it has made.
        let linksMade: Int
        /// When it expires.
        let expiresAt: Timestamp
    }

    private func accountWithCode(
        where condition: String, _ value: some DatabaseValueConvertible, at time: Timestamp, maxLinks: Int
    ) throws -> (key: AccountKey, phone: String, code: StoredCode?)? {
        try db.fetchOne(
            """
            SELECT a.key, a.phone, v.code_sha256, v.chosen, v.links_made, v.expires_at_ms FROM accounts a
            LEFT JOIN verification_codes v ON v.account_key = a.key AND v.expires_at_ms > ?
                AND (v.chosen = 0 OR v.links_made < ?)
            WHERE \(condition)
            """,
            [time.unixMilliseconds, maxLinks, value]
        ) { row in
            let digest = try row.value(named: "code_sha256") as [UInt8]?
            return (key: try row.value(named: "key") as AccountKey, phone: try row.value(named: "phone") as String,
                    code: try digest.map { digest in
                        StoredCode(
                            digest: digest, chosen: try row.value(named: "chosen") as Int64 == 1,
                            linksMade: Int(try row.value(named: "links_made") as Int64),
                            expiresAt: Timestamp(unixMilliseconds: try row.value(named: "expires_at_ms")))
                    })
        }
    }

    // MARK: Links

    /// Makes `guardian` a guardian of `dependent` with the dependent's `code` and returns the new
    /// link's id. A code the server drew is spent; a chosen one counts the link, up to `maxLinks`.
    /// Throws `LinkStoreError.alreadyLinked` if they are linked already (the code is kept),
    /// `.codeSpent` if the code was spent, used up or replaced meanwhile (two guardians racing with
    /// one drawn code: one wins).
    func createLink(
        guardian: AccountKey, dependent: AccountKey, using code: StoredCode, maxLinks: Int, at time: Timestamp
    ) throws -> String {
        guard try !isGuardian(guardian, of: dependent) else { throw LinkStoreError.alreadyLinked }
        if code.chosen {
            try db.execute(
                """
                UPDATE verification_codes SET links_made = links_made + 1
                WHERE account_key = ? AND code_sha256 = ? AND expires_at_ms > ? AND chosen = 1 AND links_made < ?
                """,
                dependent, code.digest, time.unixMilliseconds, maxLinks)
        } else {
            try db.execute(
                "DELETE FROM verification_codes WHERE account_key = ? AND code_sha256 = ? AND expires_at_ms > ? AND chosen = 0",
                dependent, code.digest, time.unixMilliseconds)
        }
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
