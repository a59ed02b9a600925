import HomewardHTTP
import HomewardStore

/// SQL access to `notification_channels`: a guardian's ways of being told, besides the webhook.
public struct ChannelStore: Sendable {
    /// Channels one account may have at once.
    public static let maxChannelsPerAccount = 10

    /// A channel with what sending needs.
    struct Target: Sendable {
        var key: Int64
        var id: String
        var settings: ChannelSettings
    }

    private static let columns = """
        id, kind, label, settings, alert_types, created_at_ms, updated_at_ms, last_success_ms, last_error, last_error_ms
        """

    /// Creates the store.
    public init() {}

    /// Adds a channel for `account`; 409 when it already has `maxChannelsPerAccount`.
    func add(
        _ settings: ChannelSettings, label: String?, alertTypes: [AlertType]?, for account: AccountKey,
        at time: Timestamp, in db: Database
    ) throws -> ChannelResource {
        let count: Int = try db.fetchOne(
            "SELECT count(*) FROM notification_channels WHERE account_key = ? AND removed_at_ms IS NULL", [account]) ?? 0
        guard count < Self.maxChannelsPerAccount else {
            throw HTTPError.conflict("An account may have at most \(Self.maxChannelsPerAccount) channels; remove one first.")
        }
        let id = SecureRandom.identifier()
        try db.execute(
            """
            INSERT INTO notification_channels (id, account_key, kind, label, settings, alert_types, created_at_ms, updated_at_ms)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?)
            """,
            id, account, settings.kind.rawValue, label, try settings.json(), AlertTypeSelection.json(alertTypes),
            time.unixMilliseconds, time.unixMilliseconds)
        guard let channel = try channel(id, of: account, in: db) else {
            throw DatabaseError(extendedResultCode: 12, message: "channel \(id) vanished")
        }
        return channel
    }

    /// The channels of `account`, oldest first.
    func channels(of account: AccountKey, in db: Database) throws -> [ChannelResource] {
        try db.fetchAll(
            "SELECT \(Self.columns) FROM notification_channels WHERE account_key = ? AND removed_at_ms IS NULL ORDER BY key",
            [account], map: Self.resource)
    }

    /// The channel `id` of `account`, nil if it is not theirs (or removed).
    func channel(_ id: String, of account: AccountKey, in db: Database) throws -> ChannelResource? {
        try db.fetchOne(
            "SELECT \(Self.columns) FROM notification_channels WHERE id = ? AND account_key = ? AND removed_at_ms IS NULL",
            [id, account], map: Self.resource)
    }

    /// What sending on channel `id` of `account` needs; nil if it is not theirs.
    func target(_ id: String, of account: AccountKey, in db: Database) throws -> Target? {
        try db.fetchOne(
            "SELECT key, id, kind, settings FROM notification_channels WHERE id = ? AND account_key = ? AND removed_at_ms IS NULL",
            [id, account], map: Self.target)
    }

    /// The live channels of `account` that carry `type`.
    func targets(of account: AccountKey, carrying type: AlertType, in db: Database) throws -> [Target] {
        try db.fetchAll(
            """
            SELECT key, id, kind, settings, alert_types FROM notification_channels
            WHERE account_key = ? AND removed_at_ms IS NULL ORDER BY key
            """,
            [account]
        ) { row in
            AlertTypeSelection.carries(try row.value(at: 4), type) ? try Self.target(row) : nil
        }.compactMap { $0 }
    }

    /// Applies `update` to channel `id` of `account`; nil if it is not theirs.
    func update(_ id: String, of account: AccountKey, with update: ChannelUpdate, at time: Timestamp, in db: Database) throws -> ChannelResource? {
        guard let current = try channel(id, of: account, in: db) else { return nil }
        try db.execute(
            "UPDATE notification_channels SET label = ?, alert_types = ?, updated_at_ms = ? WHERE id = ?",
            update.label.applied(to: current.label), AlertTypeSelection.json(update.alertTypes.applied(to: current.alertTypes)),
            time.unixMilliseconds, id)
        return try channel(id, of: account, in: db)
    }

    /// Removes channel `id` of `account` and gives up its pending deliveries; false if it is not theirs.
    /// The row stays (marked removed) so that past deliveries still say where they went.
    func remove(_ id: String, of account: AccountKey, at time: Timestamp, in db: Database) throws -> Bool {
        let key: Int64? = try db.fetchOne(
            "SELECT key FROM notification_channels WHERE id = ? AND account_key = ? AND removed_at_ms IS NULL", [id, account])
        guard let key else { return false }
        try retire(key, because: "channel removed", at: time, in: db)
        return true
    }

    /// Marks channel `key` removed and gives up its pending deliveries with `reason` (the guardian
    /// removed it, or the service said it will never take another message).
    func retire(_ key: Int64, because reason: String, at time: Timestamp, in db: Database) throws {
        try db.execute(
            "UPDATE notification_channels SET removed_at_ms = ? WHERE key = ? AND removed_at_ms IS NULL", time.unixMilliseconds, key)
        try db.execute(
            """
            UPDATE alert_deliveries SET status = 'failed', last_error = ?, finished_at_ms = ?
            WHERE channel_key = ? AND status = 'pending'
            """,
            reason, time.unixMilliseconds, key)
    }

    /// Records how a delivery or a test on channel `key` went.
    func recordResult(channel key: Int64, error: String?, at time: Timestamp, in db: Database) throws {
        if let error {
            try db.execute(
                "UPDATE notification_channels SET last_error = ?, last_error_ms = ? WHERE key = ?", error, time.unixMilliseconds, key)
        } else {
            try db.execute("UPDATE notification_channels SET last_success_ms = ? WHERE key = ?", time.unixMilliseconds, key)
        }
    }

    private static func target(_ row: Row) throws -> Target {
        let kindName: String = try row.value(at: 2)
        let json: String = try row.value(at: 3)
        guard let kind = ChannelKind(rawValue: kindName), let settings = ChannelSettings(kind: kind, json: json) else {
            throw DatabaseError(extendedResultCode: 1, message: "channel settings of kind \(kindName) unreadable")
        }
        return Target(key: try row.value(at: 0), id: try row.value(at: 1), settings: settings)
    }

    private static func resource(_ row: Row) throws -> ChannelResource {
        let kindName: String = try row.value(at: 1)
        guard let kind = ChannelKind(rawValue: kindName), let settings = ChannelSettings(kind: kind, json: try row.value(at: 3)) else {
            throw DatabaseError(extendedResultCode: 1, message: "channel of kind \(kindName) unreadable")
        }
        let millis = { (index: Int) throws -> Timestamp? in (try row.value(at: index) as Int64?).map(Timestamp.init(unixMilliseconds:)) }
        return ChannelResource(
            id: try row.value(at: 0), kind: kind, label: try row.value(at: 2), target: settings.target,
            alertTypes: AlertTypeSelection.types(try row.value(at: 4)),
            createdAt: Timestamp(unixMilliseconds: try row.value(at: 5)), updatedAt: Timestamp(unixMilliseconds: try row.value(at: 6)),
            lastSuccessAt: try millis(7), lastError: try row.value(at: 8), lastErrorAt: try millis(9))
    }
}
