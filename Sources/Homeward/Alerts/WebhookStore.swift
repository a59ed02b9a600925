import HomewardStore

/// The SQL of the `webhooks` table, on the connection of the caller's read or write block.
struct WebhookStore {
    /// The connection of the current block.
    let db: Database

    /// Sets (or replaces) the webhook of `account`.
    func set(_ request: WebhookRequest, for account: AccountKey, at time: Timestamp) throws -> WebhookResource {
        try db.execute(
            """
            INSERT INTO webhooks (account_key, url, secret, alert_types, created_at_ms, updated_at_ms) VALUES (?, ?, ?, ?, ?, ?)
            ON CONFLICT (account_key) DO UPDATE SET
                url = excluded.url, secret = excluded.secret, alert_types = excluded.alert_types, updated_at_ms = excluded.updated_at_ms
            """,
            account, request.url, request.secret, AlertTypeSelection.json(request.alertTypes), time.unixMilliseconds,
            time.unixMilliseconds)
        guard let webhook = try webhook(of: account) else {
            throw DatabaseError(extendedResultCode: 12, message: "webhook of \(account) vanished")
        }
        return webhook
    }

    /// The webhook of `account`, if set, with how its deliveries went lately.
    func webhook(of account: AccountKey) throws -> WebhookResource? {
        try db.fetchOne(
            """
            SELECT w.url, w.created_at_ms, w.updated_at_ms,
                (SELECT max(d.finished_at_ms) FROM alert_deliveries d
                 WHERE d.recipient_key = w.account_key AND d.channel_key IS NULL AND d.status = 'delivered') AS last_delivered_at_ms,
                (SELECT d.last_error FROM alert_deliveries d
                 WHERE d.recipient_key = w.account_key AND d.channel_key IS NULL AND d.status <> 'delivered' AND d.last_error IS NOT NULL
                 ORDER BY d.key DESC LIMIT 1) AS last_error,
                w.alert_types
            FROM webhooks w WHERE w.account_key = ?
            """,
            [account]
        ) { row in
            WebhookResource(
                url: try row.value(named: "url"), alertTypes: AlertTypeSelection.types(try row.value(named: "alert_types")),
                createdAt: try row.value(named: "created_at_ms"), updatedAt: try row.value(named: "updated_at_ms"),
                lastDeliveredAt: try row.value(named: "last_delivered_at_ms"), lastError: try row.value(named: "last_error"))
        }
    }

    /// Adds to `batch` the read of the alert types the webhook of `account` carries
    /// (`AlertTypeSelection`: nil is every type); `found` gets them once it ran, nil when no webhook
    /// is set.
    static func readAlertTypes(of account: AccountKey, into batch: inout QueryBatch, found: @escaping (String??) -> Void) {
        var types: String??
        batch.add(
            "SELECT alert_types FROM webhooks WHERE account_key = ?", [account],
            row: { row in types = .some(try row.value(named: "alert_types") as String?) }, finish: { found(types) })
    }

    /// Where and with which key deliveries for `account` are sent, if a webhook is set.
    func target(of account: AccountKey) throws -> (url: String, secret: String)? {
        try db.fetchOne("SELECT url, secret FROM webhooks WHERE account_key = ?", [account]) { row in
            (try row.value(named: "url"), try row.value(named: "secret"))
        }
    }

    /// Removes the webhook of `account` and gives up its pending deliveries; false if there was none.
    func remove(of account: AccountKey, at time: Timestamp) throws -> Bool {
        try db.execute("DELETE FROM webhooks WHERE account_key = ?", account)
        guard db.changes == 1 else { return false }
        try AlertDeliveryStore(db: db).failPendingOnWebhook(of: account, at: time)
        return true
    }
}
