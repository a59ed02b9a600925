import HomewardHTTP
import HomewardStore

/// The SQL of accounts, their sessions and profile pictures, on the connection of the caller's read
/// or write block, so that a service composes its calls into one transaction.
struct AccountStore {
    /// The connection of the current block.
    let db: Database

    // MARK: Reading accounts (also used by other features)

    /// The account with `key` as the API shows it, or nil if there is none.
    func account(_ key: AccountKey) throws -> AccountResource? {
        try db.fetchOne(
            """
            SELECT id, phone, name, created_at_ms, birth_year, height_cm, weight_kg, vehicle_registration,
                   responder_note, avatar_etag IS NOT NULL AS has_avatar
            FROM accounts WHERE key = ?
            """,
            [key]
        ) { row in
            AccountResource(
                id: try row.value(named: "id"), phone: try row.value(named: "phone"), name: try row.value(named: "name"),
                createdAt: Timestamp(unixMilliseconds: try row.value(named: "created_at_ms")),
                profile: Profile(
                    birthYear: try (row.value(named: "birth_year") as Int64?).map(Int.init),
                    heightCm: try (row.value(named: "height_cm") as Int64?).map(Int.init),
                    weightKg: try row.value(named: "weight_kg"),
                    vehicleRegistration: try row.value(named: "vehicle_registration"),
                    responderNote: try row.value(named: "responder_note")
                ),
                hasAvatar: try row.value(named: "has_avatar")
            )
        }
    }

    /// Whether each account exists, by key, as the writer last read it: a write that adds rows no
    /// foreign key ties to their account (its fixes, schema/0020) asks `requireAccount` first. Ingest
    /// reads it with the latest positions, once per group (`LocationStore.readLatest`); a deletion
    /// empties the connection's caches.
    static let existenceCache = WriteCacheSlot<AccountKey, Bool>()

    /// Throws `AccountGoneError` unless the account with `key` exists (on the writer's connection,
    /// from `existenceCache` when it is there). In the write block that then adds the rows: a
    /// deletion runs before the block (and the block is refused) or after it (and deletes them).
    func requireAccount(_ key: AccountKey) throws {
        let exists = try db.cached(Self.existenceCache, key) {
            try db.fetchOne(literal: "SELECT 1 AS found FROM accounts WHERE key = ?", [key]) { _ in true } ?? false
        }
        guard exists else { throw AccountGoneError() }
    }

    /// The key of the account with opaque `id`, if there is one.
    func key(ofAccount id: String) throws -> AccountKey? {
        try db.fetchOne("SELECT key FROM accounts WHERE id = ?", [id]) { row in try row.value(named: "key") }
    }

    /// The keys of every account, in key order.
    func allKeys() throws -> [AccountKey] {
        try db.fetchAll("SELECT key FROM accounts ORDER BY key") { row in try row.value(named: "key") }
    }

    /// The name of the account with `key`, if there is one.
    func name(of key: AccountKey) throws -> String? {
        try db.fetchOne("SELECT name FROM accounts WHERE key = ?", [key]) { row in try row.value(named: "name") }
    }

    /// The id, name and last sighting of the account with `key`, if there is one.
    func overview(of key: AccountKey) throws -> AccountOverview? {
        try db.fetchOne("SELECT id, name, last_seen_at_ms FROM accounts WHERE key = ?", [key]) { row in
            AccountOverview(
                id: try row.value(named: "id"), name: try row.value(named: "name"),
                lastSeenAt: try (row.value(named: "last_seen_at_ms") as Int64?).map(Timestamp.init(unixMilliseconds:)))
        }
    }

    /// The name, id and last sign of life of each of the accounts `keys` that exists, in one statement.
    func overviews(of keys: [AccountKey]) throws -> [AccountKey: AccountOverview] {
        var found: [AccountKey: AccountOverview] = [:]
        guard !keys.isEmpty else { return found }
        try db.query(
            "SELECT key, id, name, last_seen_at_ms FROM accounts WHERE \(KeyList.condition("key", in: db.dialect))",
            [KeyList(keys: keys).argument(in: db.dialect)]
        ) { row in
            found[try row.value(named: "key")] = AccountOverview(
                id: try row.value(named: "id"), name: try row.value(named: "name"),
                lastSeenAt: try (row.value(named: "last_seen_at_ms") as Int64?).map(Timestamp.init(unixMilliseconds:)))
        }
        return found
    }

    /// The profile picture of the account with `key`, if it has one.
    func avatar(of key: AccountKey) throws -> AvatarImage? {
        try db.fetchOne("SELECT avatar, avatar_type, avatar_etag FROM accounts WHERE key = ? AND avatar IS NOT NULL", [key]) { row in
            AvatarImage(
                bytes: try row.value(named: "avatar"), mediaType: try row.value(named: "avatar_type"),
                etag: try row.value(named: "avatar_etag"))
        }
    }

    /// The credentials of the account with phone `phone`, if there is one.
    func credentials(phone: String) throws -> StoredCredentials? {
        try credentials(where: "phone = ?", phone)
    }

    /// The credentials of the account with opaque id `id`, if there is one.
    func credentials(accountID id: String) throws -> StoredCredentials? {
        try credentials(where: "id = ?", id)
    }

    /// The credentials of the account with `key`, if there is one.
    func credentials(key: AccountKey) throws -> StoredCredentials? {
        try credentials(where: "key = ?", key)
    }

    private func credentials(where condition: String, _ value: some DatabaseValueConvertible) throws -> StoredCredentials? {
        try db.fetchOne("SELECT key, id, phone, password_hash FROM accounts WHERE \(condition)", [value]) { row in
            StoredCredentials(
                key: try row.value(named: "key"), id: try row.value(named: "id"), phone: try row.value(named: "phone"),
                passwordHash: try row.value(named: "password_hash")
            )
        }
    }

    /// Whether an account has phone `phone`.
    func isRegistered(phone: String) throws -> Bool {
        try db.fetchOne("SELECT 1 AS found FROM accounts WHERE phone = ?", [phone]) { row in try row.value(named: "found") as Int64 } != nil
    }

    // MARK: Writing accounts

    /// Creates an account and returns its key, never one an earlier account had; throws
    /// `AccountStoreError.phoneTaken` if the phone is taken (checked in the caller's write, where
    /// writes are serial).
    func createAccount(phone: String, name: String, passwordHash: String, at time: Timestamp) throws -> AccountKey {
        guard try !isRegistered(phone: phone) else { throw AccountStoreError.phoneTaken }
        return try NewKeyStore(db: db).insert(
            into: "accounts", columns: ["id", "phone", "name", "password_hash", "created_at_ms", "updated_at_ms"],
            values: [SecureRandom.identifier(), phone, name, passwordHash, time.unixMilliseconds, time.unixMilliseconds]
        )
    }

    /// Replaces the name and profile of the account with `key`.
    func update(_ key: AccountKey, name: String, profile: Profile, at time: Timestamp) throws {
        try db.execute(
            """
            UPDATE accounts SET name = ?, birth_year = ?, height_cm = ?, weight_kg = ?, vehicle_registration = ?,
                                responder_note = ?, updated_at_ms = ?
            WHERE key = ?
            """,
            name, profile.birthYear, profile.heightCm, profile.weightKg, profile.vehicleRegistration,
            profile.responderNote, time.unixMilliseconds, key
        )
    }

    /// Sets (or with nil removes) the profile picture of the account with `key`.
    func setAvatar(_ image: AvatarImage?, of key: AccountKey, at time: Timestamp) throws {
        try db.execute(
            "UPDATE accounts SET avatar = ?, avatar_type = ?, avatar_etag = ?, updated_at_ms = ? WHERE key = ?",
            image?.bytes, image?.mediaType, image?.etag, time.unixMilliseconds, key
        )
    }

    /// Stores a new password hash for `key`, changed at `time`.
    func changePasswordHash(of key: AccountKey, to passwordHash: String, at time: Timestamp) throws {
        try db.execute(
            "UPDATE accounts SET password_hash = ?, updated_at_ms = ? WHERE key = ?",
            passwordHash, time.unixMilliseconds, key
        )
    }

    /// Stores `passwordHash`, the same password hashed with stronger parameters, for `key`.
    func upgradePasswordHash(of key: AccountKey, to passwordHash: String) throws {
        try db.execute("UPDATE accounts SET password_hash = ? WHERE key = ?", passwordHash, key)
    }

    /// Records that `key` was heard from at `time` (never moving the sighting back).
    func noteSeen(_ key: AccountKey, at time: Int64) throws {
        try db.execute(
            "UPDATE accounts SET last_seen_at_ms = ? WHERE key = ? AND (last_seen_at_ms IS NULL OR last_seen_at_ms < ?)",
            time, key, time
        )
    }

    /// Erases the account with `key`, its location history, and through `ON DELETE CASCADE` every
    /// other row that belongs to it.
    func deleteAccount(_ key: AccountKey) throws {
        // `locations` has no foreign key (schema/0020: checking one cost every stored fix a look-up
        // of the account): the history goes here, in the same transaction as the account's row.
        _ = try LocationStore(db: db).deleteHistory(of: key)
        try db.execute("DELETE FROM accounts WHERE key = ?", key)
        // The cascade removed rows the writer's caches may hold (latest position, active alerts, trips).
        db.invalidateWriteCaches()
    }

    // MARK: Sessions

    /// Starts a session for `key` whose token has keyed digest `tokenDigest`.
    func createSession(
        for key: AccountKey, tokenDigest: [UInt8], deviceName: String?, at time: Timestamp, expiresAt: Timestamp
    ) throws {
        try db.execute(
            """
            INSERT INTO sessions (id, account_key, token_sha256, device_name, created_at_ms, last_used_at_ms, expires_at_ms)
            VALUES (?, ?, ?, ?, ?, ?, ?)
            """,
            SecureRandom.identifier(), key, tokenDigest, deviceName, time.unixMilliseconds, time.unixMilliseconds,
            expiresAt.unixMilliseconds
        )
    }

    /// The live sessions of `key`, most recently used first; `current` marks the session `currentID`.
    func sessions(of key: AccountKey, current currentID: String?, at time: Timestamp) throws -> [SessionResource] {
        try db.fetchAll(
            """
            SELECT id, device_name, created_at_ms, last_used_at_ms, expires_at_ms FROM sessions
            WHERE account_key = ? AND expires_at_ms > ?
            ORDER BY last_used_at_ms DESC, id
            """,
            [key, time.unixMilliseconds]
        ) { row in
            let id: String = try row.value(named: "id")
            return SessionResource(
                id: id, deviceName: try row.value(named: "device_name"),
                createdAt: Timestamp(unixMilliseconds: try row.value(named: "created_at_ms")),
                lastUsedAt: Timestamp(unixMilliseconds: try row.value(named: "last_used_at_ms")),
                expiresAt: Timestamp(unixMilliseconds: try row.value(named: "expires_at_ms")),
                current: id == currentID
            )
        }
    }

    /// The session whose token has keyed (or legacy) digest `tokenDigest`, with its account's id.
    func session(withTokenDigest tokenDigest: [UInt8]) throws -> StoredSession? {
        // Read for every request whose session is not remembered: a literal, found without hashing the text.
        try db.fetchOne(literal: """
            SELECT s.id, s.account_key, a.id AS account_id, s.expires_at_ms, s.last_used_at_ms
            FROM sessions s JOIN accounts a ON a.key = s.account_key
            WHERE s.token_sha256 = ?
            """, [tokenDigest]) { row in
            StoredSession(
                id: try row.value(named: "id"),
                accountKey: try row.value(named: "account_key"),
                accountID: try row.value(named: "account_id"),
                expiresAt: try row.value(named: "expires_at_ms"),
                lastUsedAt: try row.value(named: "last_used_at_ms")
            )
        }
    }

    /// Rewrites the session token digest `legacy` (a plain SHA-256 from before keyed digests) as
    /// `keyed`, by the column's index; true when a session had it.
    @discardableResult
    func rewriteSessionTokenDigest(_ legacy: [UInt8], to keyed: [UInt8]) throws -> Bool {
        try db.execute("UPDATE sessions SET token_sha256 = ? WHERE token_sha256 = ?", keyed, legacy)
        return db.changes > 0
    }

    /// Whether session `id` exists and has not expired at `time`.
    func isSessionLive(_ id: String, at time: Int64) throws -> Bool {
        try db.fetchOne("SELECT 1 AS found FROM sessions WHERE id = ? AND expires_at_ms > ?", [id, time]) { row in
            try row.value(named: "found") as Int64
        } != nil
    }

    /// Whether session `id` is one of `account` and has not expired at `time`.
    func isSessionLive(_ id: String, of account: AccountKey, at time: Int64) throws -> Bool {
        try db.fetchOne(
            "SELECT 1 AS found FROM sessions WHERE id = ? AND account_key = ? AND expires_at_ms > ?", [id, account, time]
        ) { row in try row.value(named: "found") as Int64 } != nil
    }

    /// Slides session `id`: used at `time`, now expiring at `expiresAt`.
    func touchSession(_ id: String, at time: Int64, expiresAt: Int64) throws {
        try db.execute("UPDATE sessions SET last_used_at_ms = ?, expires_at_ms = ? WHERE id = ?", time, expiresAt, id)
    }

    /// Slides each session of `touches` (used at its time, expiring at its expiry) and notes its
    /// account as seen then (never moving a sighting back): on PostgreSQL in one statement per
    /// table, whatever their number; a session that no longer exists is skipped.
    func touchSessions(_ touches: [SessionTouches.Touch]) throws {
        guard !touches.isEmpty else { return }
        guard db.dialect == .postgresql else {
            for touch in touches {
                try touchSession(touch.sessionID, at: touch.at, expiresAt: touch.expiresAt)
                try noteSeen(touch.account, at: touch.at)
            }
            return
        }
        var sessions = JSONBuilder(capacity: touches.count * 110)
        sessions.beginArray()
        for touch in touches.sorted(by: { $0.sessionID < $1.sessionID }) {
            sessions.beginObject()
            sessions.key("e")
            sessions.number(Int(touch.expiresAt))
            sessions.key("id")
            sessions.string(touch.sessionID)
            sessions.key("t")
            sessions.number(Int(touch.at))
            sessions.endObject()
        }
        sessions.endArray()
        try db.execute(
            """
            UPDATE sessions AS s SET last_used_at_ms = v.t, expires_at_ms = v.e
            FROM json_to_recordset(CAST(? AS json)) AS v(id text, t bigint, e bigint) WHERE s.id = v.id
            """, String(decoding: sessions.bytes, as: UTF8.self))
        // One sighting an account, its latest (two sessions of one account may be touched together).
        var seen: [AccountKey: Int64] = [:]
        for touch in touches { seen[touch.account] = max(seen[touch.account] ?? .min, touch.at) }
        var accounts = JSONBuilder(capacity: seen.count * 40)
        accounts.beginArray()
        for (account, at) in seen.sorted(by: { $0.key < $1.key }) {
            accounts.beginObject()
            accounts.key("k")
            accounts.number(Int(account))
            accounts.key("t")
            accounts.number(Int(at))
            accounts.endObject()
        }
        accounts.endArray()
        try db.execute(
            """
            UPDATE accounts AS a SET last_seen_at_ms = v.t
            FROM json_to_recordset(CAST(? AS json)) AS v(k bigint, t bigint)
            WHERE a.key = v.k AND (a.last_seen_at_ms IS NULL OR a.last_seen_at_ms < v.t)
            """, String(decoding: accounts.bytes, as: UTF8.self))
    }

    /// Ends session `id` of `key` (its token stops working at once).
    func deleteSession(_ id: String, of key: AccountKey) throws {
        try db.execute("DELETE FROM sessions WHERE id = ? AND account_key = ?", id, key)
    }

    /// Ends every session of `key` but `keptSession`.
    func deleteSessions(of key: AccountKey, except keptSession: String?) throws {
        try db.execute("DELETE FROM sessions WHERE account_key = ? AND id IS DISTINCT FROM CAST(? AS TEXT)", key, keptSession)
    }
}
