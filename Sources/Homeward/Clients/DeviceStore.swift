import HomewardStore

/// SQL access to `devices`: keys for tracking clients, stored as keyed digests.
struct DeviceStore {
    /// The keyed digests of the keys.
    let secrets: SecretHasher

    /// Issues a key named `name` for `account`, reading others when `readsOthers`; the key is
    /// returned once and never stored.
    func create(
        named name: String, readsOthers: Bool, for account: AccountKey, at now: Timestamp, in db: Database
    ) throws -> NewDeviceResponse {
        let device = NewDeviceResponse(
            id: SecureRandom.identifier(), name: name, key: SecureRandom.token(), readsOthers: readsOthers, createdAt: now)
        try db.execute(
            "INSERT INTO devices (id, account_key, name, key_sha256, created_at_ms, reads_others) VALUES (?, ?, ?, ?, ?, ?)",
            device.id, account, name, secrets.digest(device.key), now.unixMilliseconds, readsOthers ? 1 : 0
        )
        return device
    }

    /// The devices of `account`, oldest first.
    func devices(of account: AccountKey, in db: Database) throws -> [DeviceResource] {
        try db.fetchAll(
            "SELECT id, name, created_at_ms, last_used_at_ms, reads_others FROM devices WHERE account_key = ? ORDER BY created_at_ms, id",
            [account]
        ) { row in
            DeviceResource(
                id: try row.value(at: 0), name: try row.value(at: 1),
                createdAt: Timestamp(unixMilliseconds: try row.value(at: 2)),
                lastUsedAt: (try row.value(at: 3) as Int64?).map { Timestamp(unixMilliseconds: $0) },
                readsOthers: try row.value(at: 4) as Int64 == 1)
        }
    }

    /// Revokes device `id` of `account`; false if the account has no such device.
    func revoke(_ id: String, of account: AccountKey, in db: Database) throws -> Bool {
        try db.execute("DELETE FROM devices WHERE id = ? AND account_key = ?", id, account)
        return db.changes > 0
    }
}
