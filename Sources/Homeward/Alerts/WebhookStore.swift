import HomewardStore

/// SQL access to the `webhooks` table.
public struct WebhookStore: Sendable {
    /// Creates the store.
    public init() {}

    /// Sets (or replaces) the webhook of `account`.
    public func set(_ request: WebhookRequest, for account: AccountKey, at time: Timestamp, in db: Database) throws -> WebhookResource {
        try db.execute(
            """
            INSERT INTO webhooks (account_key, url, secret, alert_types, created_at_ms, updated_at_ms) VALUES (?, ?, ?, ?, ?, ?)
            ON CONFLICT (account_key) DO UPDATE SET
                url = excluded.url, secret = excluded.secret, alert_types = excluded.alert_types, updated_at_ms = excluded.updated_at_ms
            """,
            account, request.url, request.secret, AlertTypeSelection.json(request.alertTypes), time.unixMilliseconds,
            time.unixMilliseconds)
        guard let webhook = try webhook(of: account, in: db) else {
            throw DatabaseError(extendedResultCode: 12, message: "webhook of \(account) vanished")
        }
        return webhook
    }

    /// The webhook of `account`, if set, with how its deliveries went lately.
    public func webhook(of account: AccountKey, in db: Database) throws -> WebhookResource? {
        try db.fetchOne(
            """
            SELECT w.url, w.created_at_ms, w.updated_at_ms,
                (SELECT max(d.finished_at_ms) FROM alert_deliveries d
                 WHERE d.recipient_key = w.account_key AND d.channel_key IS NULL AND d.status = 'delivered'),
                (SELECT d.last_error FROM alert_deliveries d
                 WHERE d.recipient_key = w.account_key AND d.channel_key IS NULL AND d.status <> 'delivered' AND d.last_error IS NOT NULL
                 ORDER BY d.key DESC LIMIT 1),
                w.alert_types
            FROM webhooks w WHERE w.account_key = ?
            """,
            [account]
        ) { row in
            let delivered: Int64? = try row.value(at: 3)
            return WebhookResource(
                url: try row.value(at: 0), alertTypes: AlertTypeSelection.types(try row.value(at: 5)), createdAt: Timestamp(unixMilliseconds: try row.value(at: 1)),
                updatedAt: Timestamp(unixMilliseconds: try row.value(at: 2)),
                lastDeliveredAt: delivered.map(Timestamp.init(unixMilliseconds:)), lastError: try row.value(at: 4))
        }
    }

    /// Where and with which key deliveries for `account` are sent, if a webhook is set.
    public func target(of account: AccountKey, in db: Database) throws -> (url: String, secret: String)? {
        try db.fetchOne("SELECT url, secret FROM webhooks WHERE account_key = ?", [account]) { row in
            (try row.value(at: 0), try row.value(at: 1))
        }
    }

    /// Removes the webhook of `account` and gives up its pending deliveries; false if there was none.
    public func remove(of account: AccountKey, at time: Timestamp, in db: Database) throws -> Bool {
        try db.execute("DELETE FROM webhooks WHERE account_key = ?", account)
        guard db.changes == 1 else { return false }
        try db.execute(
            """
            UPDATE alert_deliveries SET status = 'failed', last_error = 'webhook removed', finished_at_ms = ?
            WHERE recipient_key = ? AND channel_key IS NULL AND status = 'pending'
            """,
            time.unixMilliseconds, account)
        return true
    }

    /// The deliveries of the alert `key` on every channel, oldest first; only those to `recipient` when
    /// given. A delivery waiting for the recipient's quiet hours to end shows as `held`.
    public func deliveries(ofAlert key: Int64, to recipient: AccountKey?, at time: Timestamp, in db: Database) throws -> [AlertDelivery] {
        try db.fetchAll(
            """
            SELECT a.id, a.name, d.event, d.status, d.attempts, d.created_at_ms, d.finished_at_ms, d.last_error,
                coalesce(c.kind, 'webhook'), c.id, c.label, d.held, d.next_attempt_ms
            FROM alert_deliveries d JOIN accounts a ON a.key = d.recipient_key
            LEFT JOIN notification_channels c ON c.key = d.channel_key
            WHERE d.alert_key = ? AND (? IS NULL OR d.recipient_key = ?)
            ORDER BY d.key
            """,
            [key, recipient, recipient]
        ) { row in
            var status: String = try row.value(at: 3)
            let nextAttempt: Int64 = try row.value(at: 12)
            if status == "pending", try row.value(at: 11) as Bool, nextAttempt > time.unixMilliseconds { status = "held" }
            let finished: Int64? = try row.value(at: 6)
            return AlertDelivery(
                recipient: AccountSummary(id: try row.value(at: 0), name: try row.value(at: 1)), channel: try row.value(at: 8),
                channelId: try row.value(at: 9), channelLabel: try row.value(at: 10),
                event: try row.value(at: 2), status: status, attempts: try row.value(at: 4),
                createdAt: Timestamp(unixMilliseconds: try row.value(at: 5)),
                deliveredAt: status == "delivered" ? finished.map(Timestamp.init(unixMilliseconds:)) : nil,
                nextAttemptAt: status == "pending" || status == "held" ? Timestamp(unixMilliseconds: nextAttempt) : nil,
                lastError: try row.value(at: 7))
        }
    }
}
