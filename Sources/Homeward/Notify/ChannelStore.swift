import HomewardStore

/// The SQL of `notification_channels` (a guardian's ways of being told, besides the webhook), on the
/// connection of the caller's read or write block.
public struct ChannelStore {
    /// Channels one account may have at once.
    public static let maxChannelsPerAccount = 10

    /// The connection of the current block.
    let db: Database

    /// A channel with what sending needs.
    struct Target: Sendable {
        var key: Int64
        var id: String
        var settings: ChannelSettings
    }

    private static let columns = """
        id, kind, label, settings, alert_types, created_at_ms, updated_at_ms, last_success_ms, last_error, last_error_ms
        """

    /// Adds a channel for `account`; `ChannelStoreError.tooManyChannels` when it already has
    /// `maxChannelsPerAccount`.
    func add(
        _ settings: ChannelSettings, label: String?, alertTypes: [AlertType]?, for account: AccountKey,
        at time: Timestamp
    ) throws -> ChannelResource {
        let count: Int = try db.fetchOne(
            "SELECT count(*) FROM notification_channels WHERE account_key = ? AND removed_at_ms IS NULL", [account]) ?? 0
        guard count < Self.maxChannelsPerAccount else { throw ChannelStoreError.tooManyChannels }
        let id = SecureRandom.identifier()
        try db.execute(
            """
            INSERT INTO notification_channels (id, account_key, kind, label, settings, alert_types, created_at_ms, updated_at_ms)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?)
            """,
            id, account, settings.kind.rawValue, label, try settings.json(), AlertTypeSelection.json(alertTypes),
            time.unixMilliseconds, time.unixMilliseconds)
        guard let channel = try channel(id, of: account) else {
            throw DatabaseError(extendedResultCode: 12, message: "channel \(id) vanished")
        }
        return channel
    }

    /// The channels of `account`, oldest first.
    func channels(of account: AccountKey) throws -> [ChannelResource] {
        try db.fetchAll(
            "SELECT \(Self.columns) FROM notification_channels WHERE account_key = ? AND removed_at_ms IS NULL ORDER BY key",
            [account], map: Self.resource)
    }

    /// The channel `id` of `account`, nil if it is not theirs (or removed).
    func channel(_ id: String, of account: AccountKey) throws -> ChannelResource? {
        try db.fetchOne(
            "SELECT \(Self.columns) FROM notification_channels WHERE id = ? AND account_key = ? AND removed_at_ms IS NULL",
            [id, account], map: Self.resource)
    }

    /// What sending on channel `id` of `account` needs; nil if it is not theirs.
    func target(_ id: String, of account: AccountKey) throws -> Target? {
        try db.fetchOne(
            "SELECT key, id, kind, settings FROM notification_channels WHERE id = ? AND account_key = ? AND removed_at_ms IS NULL",
            [id, account], map: Self.target)
    }

    /// The addresses of the live email channels of `account`: where a "forgot password" link goes.
    func emailAddresses(of account: AccountKey) throws -> [String] {
        try db.fetchAll(
            "SELECT key, id, kind, settings FROM notification_channels WHERE account_key = ? AND kind = 'email' AND removed_at_ms IS NULL ORDER BY key",
            [account], map: Self.target
        ).compactMap { target in
            (target.settings.channel as? EmailChannel)?.address
        }
    }

    /// Adds to `batch` the read of the live channels of `account` that carry `type`; `found` gets
    /// them, in the order they were added, once it ran.
    static func readTargets(
        of account: AccountKey, carrying type: AlertType, into batch: inout QueryBatch, found: @escaping ([Target]) -> Void
    ) {
        var targets: [Target] = []
        batch.add(
            """
            SELECT key, id, kind, settings, alert_types FROM notification_channels
            WHERE account_key = ? AND removed_at_ms IS NULL ORDER BY key
            """,
            [account],
            row: { row in
                if AlertTypeSelection.carries(try row.value(named: "alert_types"), type) { targets.append(try target(row)) }
            },
            finish: { found(targets) })
    }

    /// Applies `update` to channel `id` of `account`; nil if it is not theirs.
    func update(_ id: String, of account: AccountKey, with update: ChannelUpdate, at time: Timestamp) throws -> ChannelResource? {
        guard let current = try channel(id, of: account) else { return nil }
        try db.execute(
            "UPDATE notification_channels SET label = ?, alert_types = ?, updated_at_ms = ? WHERE id = ?",
            update.label.applied(to: current.label), AlertTypeSelection.json(update.alertTypes.applied(to: current.alertTypes)),
            time.unixMilliseconds, id)
        return try channel(id, of: account)
    }

    /// Removes channel `id` of `account` and gives up its pending deliveries; false if it is not theirs.
    /// The row stays (marked removed) so that past deliveries still say where they went.
    func remove(_ id: String, of account: AccountKey, at time: Timestamp) throws -> Bool {
        let key: Int64? = try db.fetchOne(
            "SELECT key FROM notification_channels WHERE id = ? AND account_key = ? AND removed_at_ms IS NULL", [id, account])
        guard let key else { return false }
        try retire(key, because: "channel removed", at: time)
        return true
    }

    /// Marks channel `key` removed and gives up its pending deliveries with `reason` (the guardian
    /// removed it, or the service said it will never take another message).
    func retire(_ key: Int64, because reason: String, at time: Timestamp) throws {
        try db.execute(
            "UPDATE notification_channels SET removed_at_ms = ? WHERE key = ? AND removed_at_ms IS NULL", time.unixMilliseconds, key)
        try AlertDeliveryStore(db: db).failPending(onChannel: key, because: reason, at: time)
    }

    /// Records how a delivery or a test on channel `key` went.
    func recordResult(channel key: Int64, error: String?, at time: Timestamp) throws {
        if let error {
            try db.execute(
                "UPDATE notification_channels SET last_error = ?, last_error_ms = ? WHERE key = ?", error, time.unixMilliseconds, key)
        } else {
            try db.execute("UPDATE notification_channels SET last_success_ms = ? WHERE key = ?", time.unixMilliseconds, key)
        }
    }

    private static func target(_ row: Row) throws -> Target {
        let kindName: String = try row.value(named: "kind")
        let json: String = try row.value(named: "settings")
        guard let kind = ChannelKind(rawValue: kindName), let settings = ChannelSettings(kind: kind, json: json) else {
            throw DatabaseError(extendedResultCode: 1, message: "channel settings of kind \(kindName) unreadable")
        }
        return Target(key: try row.value(named: "key"), id: try row.value(named: "id"), settings: settings)
    }

    private static func resource(_ row: Row) throws -> ChannelResource {
        let kindName: String = try row.value(named: "kind")
        guard let kind = ChannelKind(rawValue: kindName), let settings = ChannelSettings(kind: kind, json: try row.value(named: "settings")) else {
            throw DatabaseError(extendedResultCode: 1, message: "channel of kind \(kindName) unreadable")
        }
        return ChannelResource(
            id: try row.value(named: "id"), kind: kind, label: try row.value(named: "label"), target: settings.target,
            alertTypes: AlertTypeSelection.types(try row.value(named: "alert_types")),
            createdAt: try row.value(named: "created_at_ms"), updatedAt: try row.value(named: "updated_at_ms"),
            lastSuccessAt: try row.value(named: "last_success_ms"), lastError: try row.value(named: "last_error"),
            lastErrorAt: try row.value(named: "last_error_ms"))
    }
}
