import HomewardHTTP
import HomewardStore

/// The SQL of verification codes and guardian links.
struct LinkStore: Sendable {
    private let database: any DatabaseWriter

    /// Creates a store over `database`.
    init(database: any DatabaseWriter) {
        self.database = database
    }

    /// Sets (replacing any earlier one) the verification code of `account`, stored as its keyed digest.
    func setCode(digest: [UInt8], of account: AccountKey, at time: Timestamp, expiresAt: Timestamp) throws {
        try database.write { db in
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
    }

    /// Removes the verification code of `account`, if any.
    func deleteCode(of account: AccountKey) throws {
        try database.write { db in
            try db.execute("DELETE FROM verification_codes WHERE account_key = ?", account)
        }
    }

    /// The phone of `account` and the digest of its code if the code is still valid at `time`.
    func currentCode(of account: AccountKey, at time: Timestamp) throws -> (phone: String, codeDigest: [UInt8]?)? {
        try database.read { db in
            try db.fetchOne(
                """
                SELECT a.phone, v.code_sha256 FROM accounts a
                LEFT JOIN verification_codes v ON v.account_key = a.key AND v.expires_at_ms > ?
                WHERE a.key = ?
                """,
                [time.unixMilliseconds, account]
            ) { row in (phone: try row.value(at: 0) as String, codeDigest: try row.value(at: 1) as [UInt8]?) }
        }
    }

    /// The account with phone `phone` and the digest of its code if the code is still valid at `time`.
    func linkTarget(phone: String, at time: Timestamp) throws -> (account: AccountKey, codeDigest: [UInt8]?)? {
        try database.read { db in
            try db.fetchOne(
                """
                SELECT a.key, v.code_sha256 FROM accounts a
                LEFT JOIN verification_codes v ON v.account_key = a.key AND v.expires_at_ms > ?
                WHERE a.phone = ?
                """,
                [time.unixMilliseconds, phone]
            ) { row in (account: try row.value(at: 0) as AccountKey, codeDigest: try row.value(at: 1) as [UInt8]?) }
        }
    }

    /// Makes `guardian` a guardian of `dependent`, spending the dependent's code whose stored digest
    /// is `codeDigest` in the same write: 409 if they are linked already (the code is kept), 403 if
    /// the code was spent or replaced meanwhile (two guardians racing with one code: one wins).
    func createLink(
        guardian: AccountKey, dependent: AccountKey, spending codeDigest: [UInt8], at time: Timestamp
    ) throws -> LinkResource {
        try database.write { db in
            let existing = try db.fetchOne(
                "SELECT 1 FROM links WHERE guardian_key = ? AND dependent_key = ?", [guardian, dependent]
            ) as Int64?
            guard existing == nil else { throw HTTPError.conflict("You are a guardian of this person already.") }
            try db.execute(
                "DELETE FROM verification_codes WHERE account_key = ? AND code_sha256 = ? AND expires_at_ms > ?",
                dependent, codeDigest, time.unixMilliseconds)
            guard db.changes == 1 else { throw HTTPError.forbidden("The phone number or the verification code is wrong.") }
            let id = SecureRandom.identifier()
            try db.execute(
                "INSERT INTO links (id, guardian_key, dependent_key, created_at_ms) VALUES (?, ?, ?, ?)",
                id, guardian, dependent, time.unixMilliseconds
            )
            guard let link = try Self.links(where: "l.id = ?", [id], in: db).first else { throw HTTPError.internalError }
            return link
        }
    }

    /// The links of `account`: as guardian and as dependent, oldest first.
    func links(of account: AccountKey) throws -> LinkList {
        try database.read { db in
            LinkList(
                dependents: try Self.links(where: "l.guardian_key = ?", [account], in: db),
                guardians: try Self.links(where: "l.dependent_key = ?", [account], in: db)
            )
        }
    }

    /// Ends link `id` (its parties checked by the access policy first); `onCommit` runs once the
    /// deletion has committed, before any later write is published.
    func deleteLink(_ id: String, onCommit: @escaping @Sendable () -> Void) throws {
        try database.write { db in
            try db.execute("DELETE FROM links WHERE id = ?", id)
            db.afterCommit(onCommit)
        }
    }

    private static func links(where condition: String, _ arguments: StatementArguments, in db: Database) throws -> [LinkResource] {
        try db.fetchAll(
            """
            SELECT l.id, g.id, g.name, d.id, d.name, d.phone, l.created_at_ms
            FROM links l JOIN accounts g ON g.key = l.guardian_key JOIN accounts d ON d.key = l.dependent_key
            WHERE \(condition) ORDER BY l.created_at_ms, l.id
            """,
            arguments
        ) { row in
            LinkResource(
                id: try row.value(at: 0),
                guardian: .init(id: try row.value(at: 1), name: try row.value(at: 2)),
                dependent: .init(id: try row.value(at: 3), name: try row.value(at: 4), phone: try row.value(at: 5)),
                createdAt: Timestamp(unixMilliseconds: try row.value(at: 6))
            )
        }
    }
}
