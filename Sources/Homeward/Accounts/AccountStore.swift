import HomewardHTTP
import HomewardStore

/// The SQL of accounts, sessions and profile pictures. Every write goes through `write`, so a 2xx
/// answer means the change is durable.
public struct AccountStore: Sendable {
    private let database: any DatabaseWriter

    /// Creates a store over `database`.
    public init(database: any DatabaseWriter) {
        self.database = database
    }

    // MARK: Reading accounts (also used by other features)

    /// The account with `key` as the API shows it, or nil if there is none.
    public static func account(_ key: AccountKey, in db: Database) throws -> AccountResource? {
        try db.fetchOne(
            """
            SELECT id, phone, name, created_at_ms, birth_year, height_cm, weight_kg, vehicle_registration,
                   responder_note, avatar_etag IS NOT NULL
            FROM accounts WHERE key = ?
            """,
            [key]
        ) { row in
            AccountResource(
                id: try row.value(at: 0), phone: try row.value(at: 1), name: try row.value(at: 2),
                createdAt: Timestamp(unixMilliseconds: try row.value(at: 3)),
                profile: Profile(
                    birthYear: try (row.value(at: 4) as Int64?).map(Int.init),
                    heightCm: try (row.value(at: 5) as Int64?).map(Int.init),
                    weightKg: try row.value(at: 6), vehicleRegistration: try row.value(at: 7),
                    responderNote: try row.value(at: 8)
                ),
                hasAvatar: try row.value(at: 9)
            )
        }
    }

    /// The profile picture of the account with `key`, if it has one.
    public static func avatar(of key: AccountKey, in db: Database) throws -> AvatarImage? {
        try db.fetchOne("SELECT avatar, avatar_type, avatar_etag FROM accounts WHERE key = ? AND avatar IS NOT NULL", [key]) { row in
            AvatarImage(bytes: try row.value(at: 0), mediaType: try row.value(at: 1), etag: try row.value(at: 2))
        }
    }

    /// The account with `key`; 404 if it was deleted meanwhile.
    func account(_ key: AccountKey) throws -> AccountResource {
        guard let account = try database.read({ try Self.account(key, in: $0) }) else { throw HTTPError.notFound() }
        return account
    }

    /// The credentials of the account with phone `phone`, if there is one.
    func credentials(phone: String) throws -> StoredCredentials? {
        try database.read { db in
            try Self.credentials(where: "phone = ?", phone, in: db)
        }
    }

    /// The credentials of the account with `key`; 404 if it was deleted meanwhile.
    func credentials(key: AccountKey) throws -> StoredCredentials {
        let credentials = try database.read { db in try Self.credentials(where: "key = ?", key, in: db) }
        guard let credentials else { throw HTTPError.notFound() }
        return credentials
    }

    private static func credentials(
        where condition: String, _ value: some DatabaseValueConvertible, in db: Database
    ) throws -> StoredCredentials? {
        try db.fetchOne("SELECT key, id, phone, password_hash FROM accounts WHERE \(condition)", [value]) { row in
            StoredCredentials(
                key: try row.value(at: 0), id: try row.value(at: 1), phone: try row.value(at: 2),
                passwordHash: try row.value(at: 3)
            )
        }
    }

    /// Whether an account has phone `phone`.
    func isRegistered(phone: String) throws -> Bool {
        try database.read { db in try db.fetchOne("SELECT 1 FROM accounts WHERE phone = ?", [phone]) as Int64? != nil }
    }

    // MARK: Writing accounts

    /// Creates an account; 409 if the phone is taken (checked inside the write, where writes are serial).
    func createAccount(phone: String, name: String, passwordHash: String, at time: Timestamp) throws -> AccountResource {
        try database.write { db in
            guard try db.fetchOne("SELECT 1 FROM accounts WHERE phone = ?", [phone]) as Int64? == nil else {
                throw HTTPError.conflict("An account with this phone number exists already.")
            }
            try db.execute(
                """
                INSERT INTO accounts (key, id, phone, name, password_hash, created_at_ms, updated_at_ms)
                VALUES ((SELECT max(coalesce((SELECT max(key) FROM accounts), 0), coalesce((SELECT highest_key FROM retired_keys WHERE aggregate = 'accounts'), 0)) + 1), ?, ?, ?, ?, ?, ?)
                """,
                SecureRandom.identifier(), phone, name, passwordHash, time.unixMilliseconds, time.unixMilliseconds
            )
            guard let account = try Self.account(db.lastInsertRowID, in: db) else { throw HTTPError.internalError }
            return account
        }
    }

    /// Replaces the name and profile of the account with `key`; returns the account as it now is.
    func update(_ key: AccountKey, name: String, profile: Profile, at time: Timestamp) throws -> AccountResource {
        try database.write { db in
            try db.execute(
                """
                UPDATE accounts SET name = ?, birth_year = ?, height_cm = ?, weight_kg = ?, vehicle_registration = ?,
                                    responder_note = ?, updated_at_ms = ?
                WHERE key = ?
                """,
                name, profile.birthYear, profile.heightCm, profile.weightKg, profile.vehicleRegistration,
                profile.responderNote, time.unixMilliseconds, key
            )
            guard let account = try Self.account(key, in: db) else { throw HTTPError.notFound() }
            return account
        }
    }

    /// Sets (or with nil removes) the profile picture of the account with `key`.
    func setAvatar(_ image: AvatarImage?, of key: AccountKey, at time: Timestamp) throws {
        try database.write { db in
            try db.execute(
                "UPDATE accounts SET avatar = ?, avatar_type = ?, avatar_etag = ?, updated_at_ms = ? WHERE key = ?",
                image?.bytes, image?.mediaType, image?.etag, time.unixMilliseconds, key
            )
        }
    }

    /// Stores a new password hash for `key` and revokes every session but `keptSession`, every share
    /// link, every device key and the verification code.
    func changePasswordHash(of key: AccountKey, to passwordHash: String, keeping keptSession: String?, at time: Timestamp) throws {
        try database.write { db in
            try db.execute(
                "UPDATE accounts SET password_hash = ?, updated_at_ms = ? WHERE key = ?",
                passwordHash, time.unixMilliseconds, key
            )
            try db.execute("DELETE FROM sessions WHERE account_key = ? AND id IS NOT ?", key, keptSession)
            // Every other way in handed out while the old password held ends with it: a thief who
            // knew it may have made a share link, a device key or a verification code of their own.
            try ShareStore(db: db).deleteShares(of: key)
            try db.execute("DELETE FROM devices WHERE account_key = ?", key)
            try db.execute("DELETE FROM verification_codes WHERE account_key = ?", key)
        }
    }

    /// Erases the account with `key` and, through `ON DELETE CASCADE`, every row that belongs to it.
    func deleteAccount(_ key: AccountKey) throws {
        try database.write { db in
            try db.execute("DELETE FROM accounts WHERE key = ?", key)
            // The cascade removed rows the writer's caches may hold (latest position, active alerts, trips).
            db.invalidateWriteCaches()
        }
    }

    // MARK: Sessions

    /// Starts a session for `key` whose token has keyed digest `tokenDigest`; stores `upgradedHash` as the
    /// account's password hash in the same write when the old one used weaker parameters.
    func createSession(
        for key: AccountKey, tokenDigest: [UInt8], deviceName: String?, upgradedHash: String?,
        at time: Timestamp, expiresAt: Timestamp
    ) throws {
        try database.write { db in
            try db.execute(
                """
                INSERT INTO sessions (id, account_key, token_sha256, device_name, created_at_ms, last_used_at_ms, expires_at_ms)
                VALUES (?, ?, ?, ?, ?, ?, ?)
                """,
                SecureRandom.identifier(), key, tokenDigest, deviceName, time.unixMilliseconds, time.unixMilliseconds,
                expiresAt.unixMilliseconds
            )
            try db.execute(
                "UPDATE accounts SET last_seen_at_ms = max(coalesce(last_seen_at_ms, 0), ?) WHERE key = ?",
                time.unixMilliseconds, key
            )
            if let upgradedHash {
                try db.execute("UPDATE accounts SET password_hash = ? WHERE key = ?", upgradedHash, key)
            }
        }
    }

    /// The live sessions of `key`, most recently used first; `current` marks the session `currentID`.
    func sessions(of key: AccountKey, current currentID: String?, at time: Timestamp) throws -> [SessionResource] {
        try database.read { db in
            try db.fetchAll(
                """
                SELECT id, device_name, created_at_ms, last_used_at_ms, expires_at_ms FROM sessions
                WHERE account_key = ? AND expires_at_ms > ?
                ORDER BY last_used_at_ms DESC, id
                """,
                [key, time.unixMilliseconds]
            ) { row in
                let id: String = try row.value(at: 0)
                return SessionResource(
                    id: id, deviceName: try row.value(at: 1),
                    createdAt: Timestamp(unixMilliseconds: try row.value(at: 2)),
                    lastUsedAt: Timestamp(unixMilliseconds: try row.value(at: 3)),
                    expiresAt: Timestamp(unixMilliseconds: try row.value(at: 4)),
                    current: id == currentID
                )
            }
        }
    }

    /// Ends session `id` of `key` (its token stops working at once).
    func deleteSession(_ id: String, of key: AccountKey) throws {
        try database.write { db in
            try db.execute("DELETE FROM sessions WHERE id = ? AND account_key = ?", id, key)
        }
    }
}
