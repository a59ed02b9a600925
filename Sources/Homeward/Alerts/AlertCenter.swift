import HomewardStore

/// Raises, moves and resolves alerts inside the caller's write transaction, keeping one active
/// alert per account and cause, and writing one webhook outbox row per watcher that has a webhook
/// in the same transaction. Returns the events to publish once that transaction has committed.
public struct AlertCenter: Sendable {
    private let accessPolicy: AccessPolicy
    private let metrics: AppMetrics

    /// Creates the center.
    public init(accessPolicy: AccessPolicy, metrics: AppMetrics) {
        self.accessPolicy = accessPolicy
        self.metrics = metrics
    }

    /// Raises `request` for `account` at `time`, unless an active alert with the same cause exists
    /// (then nil). The alert and its webhook deliveries are written through `db`.
    public func raise(
        _ request: AlertRequest, for account: AccountKey, at time: Timestamp, in db: Database
    ) throws -> (alert: AlertResource, event: AppEvent)? {
        guard try activeAlerts(of: account, in: db)[request.cause] == nil else { return nil }
        try db.execute(
            """
            INSERT INTO alerts (key, id, account_key, type, status, cause, trip_id, message, lat, lon, accuracy_m,
                                created_at_ms, fires_at_ms, evidence)
            VALUES ((SELECT max(coalesce((SELECT max(key) FROM alerts), 0), coalesce((SELECT highest_key FROM retired_keys WHERE aggregate = 'alerts'), 0)) + 1), ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """,
            SecureRandom.identifier(), account, request.type.rawValue, request.status.rawValue, request.cause,
            request.tripID, request.message, request.location?.lat, request.location?.lon,
            request.location?.accuracy, time.unixMilliseconds, request.firesAt?.unixMilliseconds,
            try request.evidence?.storedJSON()
        )
        let key = db.lastInsertRowID
        db.updateCached(Self.activeAlertCache, account) { $0[request.cause] = ActiveAlert(key: key, status: request.status) }
        let alert = try self.alert(key: key, in: db)
        if request.status == .open {
            metrics.increment("homeward_alerts_total", labels: ["type": request.type.rawValue])
            try enqueueWebhooks(for: alert, key: key, account: account, event: "raised", at: time, in: db)
        }
        return (alert, Self.event(for: alert, subject: account))
    }

    /// Raises `request` unless `account` ever had an alert of its cause, active or not: a tracking
    /// client resending the message that raised it (until it hears 2xx) raises it once.
    public func raiseOnce(
        _ request: AlertRequest, for account: AccountKey, at time: Timestamp, in db: Database
    ) throws -> AppEvent? {
        let raised: Int64? = try db.fetchOne("SELECT 1 FROM alerts WHERE account_key = ? AND cause = ?", [account, request.cause])
        guard raised == nil else { return nil }
        return try raise(request, for: account, at: time, in: db)?.event
    }

    /// Resolves the active alert of `cause` for `account`, if there is one.
    public func resolve(
        cause: String, for account: AccountKey, at time: Timestamp, in db: Database
    ) throws -> (alert: AlertResource, event: AppEvent)? {
        guard let active = try activeAlerts(of: account, in: db)[cause], active.status != .pending else { return nil }
        let key = active.key
        try db.execute(
            "UPDATE alerts SET status = 'resolved', resolved_at_ms = ? WHERE key = ?", time.unixMilliseconds, key
        )
        db.updateCached(Self.activeAlertCache, account) { $0[cause] = nil }
        let alert = try self.alert(key: key, in: db)
        try enqueueWebhooks(for: alert, key: key, account: account, event: "resolved", at: time, in: db)
        return (alert, Self.event(for: alert, subject: account))
    }

    /// Fires a pending countdown: it becomes an open `danger` alert; `late` marks one that fired
    /// after a restart. Nil if it is no longer pending.
    public func fire(
        key: Int64, at time: Timestamp, late: Bool, in db: Database
    ) throws -> (alert: AlertResource, event: AppEvent)? {
        // The danger alert carries where the person was: their last fix, its time and accuracy.
        try db.execute(
            """
            UPDATE alerts SET status = 'open', fired_at_ms = ?1, fired_late = ?2,
                location_at_ms = CASE WHEN lat IS NULL THEN (SELECT t_ms FROM latest_locations l WHERE l.account_key = alerts.account_key) ELSE location_at_ms END,
                accuracy_m = CASE WHEN lat IS NULL THEN (SELECT accuracy_m FROM latest_locations l WHERE l.account_key = alerts.account_key) ELSE accuracy_m END,
                lat = coalesce(lat, (SELECT lat FROM latest_locations l WHERE l.account_key = alerts.account_key)),
                lon = coalesce(lon, (SELECT lon FROM latest_locations l WHERE l.account_key = alerts.account_key))
            WHERE key = ?3 AND status = 'pending'
            """,
            time.unixMilliseconds, late, key
        )
        guard db.changes == 1 else { return nil }
        let account: Int64 = try db.fetchOne("SELECT account_key FROM alerts WHERE key = ?", [key]) ?? 0
        db.removeCached(Self.activeAlertCache, account)
        let alert = try self.alert(key: key, in: db)
        metrics.increment("homeward_alerts_total", labels: ["type": alert.type.rawValue])
        try enqueueWebhooks(for: alert, key: key, account: account, event: "fired", at: time, in: db)
        return (alert, Self.event(for: alert, subject: account))
    }

    /// Cancels a pending countdown; nil if it is no longer pending.
    public func cancel(
        key: Int64, at time: Timestamp, in db: Database
    ) throws -> (alert: AlertResource, event: AppEvent)? {
        try db.execute(
            "UPDATE alerts SET status = 'cancelled', resolved_at_ms = ? WHERE key = ? AND status = 'pending'",
            time.unixMilliseconds, key
        )
        guard db.changes == 1 else { return nil }
        let account: Int64 = try db.fetchOne("SELECT account_key FROM alerts WHERE key = ?", [key]) ?? 0
        db.removeCached(Self.activeAlertCache, account)
        let alert = try self.alert(key: key, in: db)
        return (alert, Self.event(for: alert, subject: account))
    }

    /// Records that `guardian` acknowledged an open alert (visible to every other watcher); an
    /// alert already acknowledged keeps its first acknowledgement. Nil if it is not open.
    public func acknowledge(
        key: Int64, by guardian: AccountKey, at time: Timestamp, in db: Database
    ) throws -> (alert: AlertResource, event: AppEvent)? {
        try db.execute(
            """
            UPDATE alerts SET status = 'acknowledged', acknowledged_by_key = ?, acknowledged_at_ms = ?
            WHERE key = ? AND status = 'open'
            """,
            guardian, time.unixMilliseconds, key
        )
        guard db.changes == 1 else { return nil }
        let account: Int64 = try db.fetchOne("SELECT account_key FROM alerts WHERE key = ?", [key]) ?? 0
        db.removeCached(Self.activeAlertCache, account)
        let alert = try self.alert(key: key, in: db)
        try enqueueWebhooks(for: alert, key: key, account: account, event: "acknowledged", at: time, in: db)
        return (alert, Self.event(for: alert, subject: account))
    }

    /// An alert that still stands for its cause: pending, open or acknowledged.
    struct ActiveAlert: Sendable {
        var key: Int64
        var status: AlertStatus
    }

    /// The active alerts of each account the writer looked at, by cause: every fix asks whether a
    /// `silent` or `low_battery` alert is there to resolve, and nearly always none is. Every status
    /// change goes through this type, which keeps the entry true (or drops it).
    static let activeAlertCache = WriteCacheSlot<AccountKey, [String: ActiveAlert]>()

    /// The active alerts of `account` by cause (from `activeAlertCache` on the writer's connection).
    func activeAlerts(of account: AccountKey, in db: Database) throws -> [String: ActiveAlert] {
        try db.cached(Self.activeAlertCache, account) {
            let rows = try db.statement(
                literal: "SELECT cause, key, status FROM alerts WHERE account_key = ? AND status IN ('pending', 'open', 'acknowledged')"
            ).fetchAll([account]) { row in
                (cause: try row.value(at: 0) as String, alert: ActiveAlert(
                    key: try row.value(at: 1), status: AlertStatus(rawValue: try row.value(at: 2)) ?? .open))
            }
            return Dictionary(rows.map { ($0.cause, $0.alert) }, uniquingKeysWith: { first, _ in first })
        }
    }

    /// The alert with internal `key`.
    public func alert(key: Int64, in db: Database) throws -> AlertResource {
        guard let alert = try db.fetchOne(
            "SELECT \(AlertResource.selection) FROM \(AlertResource.source) WHERE x.key = ?", [key],
            map: AlertResource.init(row:)
        ) else {
            throw DatabaseError(extendedResultCode: 12, message: "alert \(key) not found")
        }
        return alert
    }

    /// The event that tells watchers about `alert`.
    public static func event(for alert: AlertResource, subject: AccountKey) -> AppEvent {
        AppEvent(
            kind: .alert, subject: subject, tripID: alert.tripId, originAt: alert.createdAt, alertType: alert.type, payload: (try? JSONBytes.encode(alert)) ?? [])
    }

    private func enqueueWebhooks(
        for alert: AlertResource, key: Int64, account: AccountKey, event: String, at time: Timestamp, in db: Database
    ) throws {
        let watchers = try accessPolicy.watchers(of: account, in: db)
        guard !watchers.isEmpty else { return }
        let payload = WebhookPayload(
            event: event, title: "\(alert.type.title): \(alert.account.name)",
            message: Self.sentence(for: alert, event: event), priority: Self.priority(for: alert, event: event),
            alert: alert
        )
        let body = String(decoding: try JSONBytes.encode(payload), as: UTF8.self)
        for watcher in watchers {
            try db.execute(
                """
                INSERT INTO webhook_deliveries (alert_key, recipient_key, event, payload, next_attempt_ms, created_at_ms)
                SELECT ?, account_key, ?, ?, ?, ? FROM webhooks WHERE account_key = ?
                """,
                key, event, body, time.unixMilliseconds, time.unixMilliseconds, watcher
            )
        }
    }

    static func sentence(for alert: AlertResource, event: String) -> String {
        let name = alert.account.name
        let detail = alert.message.map { ": \($0)" } ?? ""
        switch event {
        case "acknowledged": return "\(alert.type.title) for \(name) was acknowledged by \(alert.acknowledgedBy?.name ?? "a guardian")."
        case "resolved": return "\(alert.type.title) for \(name) is over."
        case "cancelled": return "\(name) cancelled the countdown."
        default:
            // A message that ends its own sentence ("Left Home.") gets no second full stop.
            let sentence = "\(alert.type.title) for \(name)\(detail)"
            return sentence.last.map { ".!?".contains($0) } == true ? sentence : sentence + "."
        }
    }

    private static func priority(for alert: AlertResource, event: String) -> Int {
        guard event == "raised" || event == "fired" else { return 4 }
        return alert.type == .sos || alert.type == .danger ? 10 : 8
    }
}
