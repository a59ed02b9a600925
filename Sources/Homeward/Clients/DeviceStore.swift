import HomewardStore

/// The SQL of `devices`: keys for tracking clients, stored as keyed digests, on the connection of the
/// caller's read or write block.
struct DeviceStore {
    /// The connection of the current block.
    let db: Database

    /// Stores `device` of `account`, whose key has keyed digest `keyDigest`, with the OwnTracks
    /// payload secret and MQTT topic if given, and the app a setup code made it for; the key itself is
    /// never stored. Throws `DeviceStoreError.topicTaken` when another device has the topic.
    func insert(
        _ device: NewDeviceResponse, keyDigest: [UInt8], payloadSecret: String?, ownTracksTopic: String? = nil,
        setUpFor app: PhoneSetupApp? = nil, of account: AccountKey
    ) throws {
        if let ownTracksTopic, try self.device(withOwnTracksTopic: ownTracksTopic) != nil { throw DeviceStoreError.topicTaken }
        try db.execute(
            """
            INSERT INTO devices (id, account_key, name, key_sha256, created_at_ms, reads_others, payload_secret, owntracks_topic, set_up_app)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
            """,
            device.id, account, device.name, keyDigest, device.createdAt.unixMilliseconds, device.readsOthers ? 1 : 0,
            payloadSecret, ownTracksTopic, app?.rawValue
        )
    }

    /// Removes the devices of `account` that a setup code made and no phone has used yet (a code shown
    /// and not scanned, or scanned by no phone that sent anything); answers their ids. Keys made
    /// through the API are never removed here.
    func removeUnheardSetUpDevices(of account: AccountKey) throws -> [String] {
        let ids: [String] = try db.fetchAll(
            "SELECT id FROM devices WHERE account_key = ? AND set_up_app IS NOT NULL AND last_used_at_ms IS NULL ORDER BY id", [account])
        for id in ids { _ = try revoke(id, of: account) }
        return ids
    }

    /// The device whose phone publishes on OwnTracks topic `topic` (MQTT mode), with its account's id.
    func device(withOwnTracksTopic topic: String) throws -> StoredDeviceKey? {
        try db.fetchOne(
            """
            SELECT d.id, d.account_key, a.id AS account_id, d.last_used_at_ms, d.reads_others
            FROM devices d JOIN accounts a ON a.key = d.account_key WHERE d.owntracks_topic = ?
            """,
            [topic], map: Self.storedKey(row:))
    }

    /// Gives device `id` of `account` the OwnTracks topic `topic` (nil: none); false if the account
    /// has no such device. Throws `DeviceStoreError.topicTaken` when another device has the topic.
    func setOwnTracksTopic(_ topic: String?, ofDevice id: String, of account: AccountKey) throws -> Bool {
        if let topic, let holder = try device(withOwnTracksTopic: topic), holder.id != id { throw DeviceStoreError.topicTaken }
        try db.execute("UPDATE devices SET owntracks_topic = ? WHERE id = ? AND account_key = ?", topic, id, account)
        return db.changes > 0
    }

    /// The devices of `account` that have an OwnTracks topic.
    func ownTracksDevices(of account: AccountKey) throws -> [OwnTracksDevice] {
        try db.fetchAll(
            """
            SELECT d.id, d.owntracks_topic, d.account_key, a.id AS account_id, d.reads_others
            FROM devices d JOIN accounts a ON a.key = d.account_key
            WHERE d.account_key = ? AND d.owntracks_topic IS NOT NULL ORDER BY d.id
            """,
            [account], map: Self.ownTracksDevice(row:))
    }

    /// The devices whose OwnTracks topics start with `prefix` (a topic's first two levels and a
    /// slash: the phones of one broker user).
    func ownTracksDevices(under prefix: String) throws -> [OwnTracksDevice] {
        try db.fetchAll(
            """
            SELECT d.id, d.owntracks_topic, d.account_key, a.id AS account_id, d.reads_others
            FROM devices d JOIN accounts a ON a.key = d.account_key
            WHERE substr(d.owntracks_topic, 1, ?) = ? ORDER BY d.id
            """,
            [Int64(prefix.unicodeScalars.count), prefix], map: Self.ownTracksDevice(row:))
    }

    /// Every device that has an OwnTracks topic.
    func allOwnTracksDevices() throws -> [OwnTracksDevice] {
        try db.fetchAll(
            """
            SELECT d.id, d.owntracks_topic, d.account_key, a.id AS account_id, d.reads_others
            FROM devices d JOIN accounts a ON a.key = d.account_key WHERE d.owntracks_topic IS NOT NULL ORDER BY d.id
            """,
            [], map: Self.ownTracksDevice(row:))
    }

    private static func ownTracksDevice(row: Row) throws -> OwnTracksDevice {
        OwnTracksDevice(
            id: try row.value(named: "id"), topic: try row.value(named: "owntracks_topic"),
            accountKey: try row.value(named: "account_key"), accountID: try row.value(named: "account_id"),
            readsOthers: try row.value(named: "reads_others") as Int64 == 1)
    }

    /// The device whose key has keyed (or legacy) digest `keyDigest`, with its account's id.
    func device(withKeyDigest keyDigest: [UInt8]) throws -> StoredDeviceKey? {
        try db.fetchOne(
            """
            SELECT d.id, d.account_key, a.id AS account_id, d.last_used_at_ms, d.reads_others
            FROM devices d JOIN accounts a ON a.key = d.account_key WHERE d.key_sha256 = ?
            """,
            [keyDigest], map: Self.storedKey(row:))
    }

    private static func storedKey(row: Row) throws -> StoredDeviceKey {
        StoredDeviceKey(
            id: try row.value(named: "id"), accountKey: try row.value(named: "account_key"),
            accountID: try row.value(named: "account_id"), lastUsedAt: try row.value(named: "last_used_at_ms"),
            readsOthers: try row.value(named: "reads_others") as Int64 == 1)
    }

    /// Rewrites the device key digest `legacy` (a plain SHA-256 from before keyed digests) as `keyed`,
    /// by the column's index; true when a device had it.
    @discardableResult
    func rewriteKeyDigest(_ legacy: [UInt8], to keyed: [UInt8]) throws -> Bool {
        try db.execute("UPDATE devices SET key_sha256 = ? WHERE key_sha256 = ?", keyed, legacy)
        return db.changes > 0
    }

    /// Records that device `id` was used at `time` (Unix milliseconds).
    func touch(_ id: String, at time: Int64) throws {
        try db.execute("UPDATE devices SET last_used_at_ms = ? WHERE id = ?", time, id)
    }

    /// The OwnTracks payload secret of device `id`, if it has one.
    func payloadSecret(ofDevice id: String) throws -> String? {
        try db.fetchOne("SELECT payload_secret FROM devices WHERE id = ?", [id]) { row in
            try row.value(named: "payload_secret") as String?
        } ?? nil
    }

    /// The devices of `account`, oldest first.
    func devices(of account: AccountKey) throws -> [DeviceResource] {
        try db.fetchAll(
            """
            SELECT id, name, created_at_ms, last_used_at_ms, reads_others, owntracks_topic FROM devices
            WHERE account_key = ? ORDER BY created_at_ms, id
            """,
            [account], map: Self.resource(row:))
    }

    /// Device `id` of `account`, if it has it.
    func device(_ id: String, of account: AccountKey) throws -> DeviceResource? {
        try db.fetchOne(
            """
            SELECT id, name, created_at_ms, last_used_at_ms, reads_others, owntracks_topic FROM devices
            WHERE id = ? AND account_key = ?
            """,
            [id, account], map: Self.resource(row:))
    }

    private static func resource(row: Row) throws -> DeviceResource {
        DeviceResource(
            id: try row.value(named: "id"), name: try row.value(named: "name"),
            createdAt: Timestamp(unixMilliseconds: try row.value(named: "created_at_ms")),
            lastUsedAt: (try row.value(named: "last_used_at_ms") as Int64?).map { Timestamp(unixMilliseconds: $0) },
            readsOthers: try row.value(named: "reads_others") as Int64 == 1,
            ownTracksTopic: try row.value(named: "owntracks_topic"))
    }

    /// Revokes device `id` of `account`; false if the account has no such device.
    func revoke(_ id: String, of account: AccountKey) throws -> Bool {
        try db.execute("DELETE FROM devices WHERE id = ? AND account_key = ?", id, account)
        return db.changes > 0
    }

    /// Keeps `token` as the push token of device `id` of `account`.
    func saveNotificationToken(_ token: String, forDevice id: String, of account: AccountKey) throws {
        try db.execute("UPDATE devices SET notification_token = ? WHERE id = ? AND account_key = ?", token, id, account)
    }
}
