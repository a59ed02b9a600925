import HomewardStore

/// The SQL of the alert outbox (`alert_deliveries`): the deliveries an alert's change queues, their
/// attempts and how they ended, on the connection of the caller's read or write block.
struct AlertDeliveryStore {
    /// The connection of the current block.
    let db: Database

    /// Queues `event` of the alert `alertKey` for `recipient`, on `channel` (nil: their webhook), first
    /// tried at `attemptAt`; `held` while it waits for the end of the recipient's quiet hours.
    func insert(
        alert alertKey: Int64, recipient: AccountKey, channel: Int64?, event: String, payload: String, attemptAt: Int64, held: Bool,
        at now: Int64
    ) throws {
        try db.execute(
            """
            INSERT INTO alert_deliveries (alert_key, recipient_key, channel_key, event, payload, next_attempt_ms, held, created_at_ms)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?)
            """,
            alertKey, recipient, channel, event, payload, attemptAt, held, now)
    }

    /// The pending deliveries due at `now` whose webhook or channel still exists, earliest first, at
    /// most `limit`; a row whose channel settings cannot be read is left out.
    func due(at now: Int64, limit: Int) throws -> [PendingDelivery] {
        try db.fetchAll(
            """
            SELECT d.key, a.id AS alert_id, d.event, d.payload, d.attempts, d.created_at_ms, w.url, w.secret,
                c.key AS channel_key, c.kind, c.settings
            FROM alert_deliveries d
            JOIN alerts a ON a.key = d.alert_key
            LEFT JOIN webhooks w ON d.channel_key IS NULL AND w.account_key = d.recipient_key
            LEFT JOIN notification_channels c ON c.key = d.channel_key
            WHERE d.status = 'pending' AND d.next_attempt_ms <= ? AND (w.account_key IS NOT NULL OR c.key IS NOT NULL)
            ORDER BY d.next_attempt_ms, d.key LIMIT ?
            """,
            [now, limit]
        ) { row -> PendingDelivery? in
            let target: PendingDelivery.Target
            if let channelKey = try row.value(named: "channel_key") as Int64? {
                guard let kind = ChannelKind(rawValue: try row.value(named: "kind")),
                      let settings = ChannelSettings(kind: kind, json: try row.value(named: "settings")) else { return nil }
                target = .channel(key: channelKey, settings: settings)
            } else {
                target = .webhook(url: try row.value(named: "url"), secret: try row.value(named: "secret"))
            }
            return PendingDelivery(
                key: try row.value(named: "key"), alertID: try row.value(named: "alert_id"), event: try row.value(named: "event"),
                payload: try row.value(named: "payload"), attempts: try row.value(named: "attempts"),
                createdAt: try row.value(named: "created_at_ms"), target: target)
        }.compactMap { $0 }
    }

    /// The earliest attempt time of a pending delivery whose webhook or channel still exists.
    func nextAttempt() throws -> Int64? {
        try db.fetchOne(
            """
            SELECT min(d.next_attempt_ms) FROM alert_deliveries d
            LEFT JOIN webhooks w ON d.channel_key IS NULL AND w.account_key = d.recipient_key
            WHERE d.status = 'pending' AND (d.channel_key IS NOT NULL OR w.account_key IS NOT NULL)
            """)
    }

    /// Claims delivery `key`, due at `now`, for this sender until `until` (it is being sent), no
    /// longer held; false when it is no longer pending and due: another sender (another node on the
    /// same PostgreSQL database) claimed it first, so it is not sent twice.
    func lease(_ key: Int64, dueAt now: Int64, until: Int64) throws -> Bool {
        try db.execute(
            "UPDATE alert_deliveries SET next_attempt_ms = ?, held = 0 WHERE key = ? AND status = 'pending' AND next_attempt_ms <= ?",
            until, key, now)
        return db.changes == 1
    }

    /// Puts delivery `key` off until `until` (its destination is backing off).
    func postpone(_ key: Int64, until: Int64) throws {
        try db.execute("UPDATE alert_deliveries SET next_attempt_ms = ? WHERE key = ?", until, key)
    }

    /// Records that pending delivery `key` got through at `now`.
    func markDelivered(_ key: Int64, at now: Int64) throws {
        try db.execute(
            """
            UPDATE alert_deliveries SET status = 'delivered', attempts = attempts + 1, finished_at_ms = ?
            WHERE key = ? AND status = 'pending'
            """,
            now, key)
    }

    /// Gives up pending delivery `key` at `now` after an attempt that saw `failure`.
    func markFailed(_ key: Int64, failure: String, at now: Int64) throws {
        try db.execute(
            """
            UPDATE alert_deliveries SET status = 'failed', attempts = attempts + 1, last_error = ?, finished_at_ms = ?
            WHERE key = ? AND status = 'pending'
            """,
            failure, now, key)
    }

    /// Records a failed attempt of pending delivery `key` that saw `failure`; it is tried again at `next`.
    func scheduleRetry(_ key: Int64, failure: String, at next: Int64) throws {
        try db.execute(
            """
            UPDATE alert_deliveries SET attempts = attempts + 1, last_error = ?, next_attempt_ms = ?
            WHERE key = ? AND status = 'pending'
            """,
            failure, next, key)
    }

    /// Gives up the pending deliveries on channel `key` with `reason` (it was removed or retired).
    func failPending(onChannel key: Int64, because reason: String, at time: Timestamp) throws {
        try db.execute(
            """
            UPDATE alert_deliveries SET status = 'failed', last_error = ?, finished_at_ms = ?
            WHERE channel_key = ? AND status = 'pending'
            """,
            reason, time.unixMilliseconds, key)
    }

    /// Gives up the pending deliveries to the webhook of `account` (it was removed).
    func failPendingOnWebhook(of account: AccountKey, at time: Timestamp) throws {
        try db.execute(
            """
            UPDATE alert_deliveries SET status = 'failed', last_error = 'webhook removed', finished_at_ms = ?
            WHERE recipient_key = ? AND channel_key IS NULL AND status = 'pending'
            """,
            time.unixMilliseconds, account)
    }

    /// The deliveries of the alert `key` on every channel, oldest first; only those to `recipient` when
    /// given. A delivery waiting for the recipient's quiet hours to end shows as `held`.
    func deliveries(ofAlert key: Int64, to recipient: AccountKey?, at time: Timestamp) throws -> [AlertDelivery] {
        try db.fetchAll(
            """
            SELECT a.id AS recipient_id, a.name AS recipient_name, d.event, d.status, d.attempts, d.created_at_ms,
                d.finished_at_ms, d.last_error, coalesce(c.kind, 'webhook') AS channel, c.id AS channel_id,
                c.label AS channel_label, d.held, d.next_attempt_ms
            FROM alert_deliveries d JOIN accounts a ON a.key = d.recipient_key
            LEFT JOIN notification_channels c ON c.key = d.channel_key
            WHERE d.alert_key = ? AND (CAST(? AS BIGINT) IS NULL OR d.recipient_key = ?)
            ORDER BY d.key
            """,
            [key, recipient, recipient]
        ) { row in
            var status: String = try row.value(named: "status")
            let nextAttempt: Timestamp = try row.value(named: "next_attempt_ms")
            if status == "pending", try row.value(named: "held") as Bool, nextAttempt > time { status = "held" }
            let finished: Timestamp? = try row.value(named: "finished_at_ms")
            return AlertDelivery(
                recipient: AccountSummary(id: try row.value(named: "recipient_id"), name: try row.value(named: "recipient_name")),
                channel: try row.value(named: "channel"), channelId: try row.value(named: "channel_id"),
                channelLabel: try row.value(named: "channel_label"),
                event: try row.value(named: "event"), status: status, attempts: try row.value(named: "attempts"),
                createdAt: try row.value(named: "created_at_ms"),
                deliveredAt: status == "delivered" ? finished : nil,
                nextAttemptAt: status == "pending" || status == "held" ? nextAttempt : nil,
                lastError: try row.value(named: "last_error"))
        }
    }
}
