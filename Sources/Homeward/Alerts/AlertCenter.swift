import HomewardStore

/// Raises, moves, escalates and resolves alerts inside the caller's write transaction, keeping one
/// active alert per account and cause, and writing the alert's deliveries (`NotificationOutbox`) and
/// its escalation timer in the same transaction. Returns the events to publish once that transaction
/// has committed.
public struct AlertCenter: Sendable {
    private let outbox: NotificationOutbox
    private let metrics: AppMetrics
    private let escalationMaxSteps: Int

    /// Creates the center; an unanswered alert escalates at most `escalationMaxSteps` times.
    public init(outbox: NotificationOutbox, metrics: AppMetrics, escalationMaxSteps: Int) {
        self.outbox = outbox
        self.metrics = metrics
        self.escalationMaxSteps = escalationMaxSteps
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
        if request.status == .open { try armEscalation(key: key, type: request.type, account: account, from: time, in: db) }
        let alert = try self.alert(key: key, in: db)
        if request.status == .open {
            metrics.increment("homeward_alerts_total", labels: ["type": request.type.rawValue])
            try outbox.enqueue(alert, key: key, account: account, event: "raised", at: time, in: db)
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
            "UPDATE alerts SET status = 'resolved', resolved_at_ms = ?, escalates_at_ms = NULL WHERE key = ?", time.unixMilliseconds, key
        )
        db.updateCached(Self.activeAlertCache, account) { $0[cause] = nil }
        let alert = try self.alert(key: key, in: db)
        try outbox.enqueue(alert, key: key, account: account, event: "resolved", at: time, in: db)
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
        let fired = try db.fetchOne("SELECT account_key, type FROM alerts WHERE key = ?", [key]) { row in
            (account: try row.value(at: 0) as Int64, type: AlertType(rawValue: try row.value(at: 1)) ?? .danger)
        }
        let account = fired?.account ?? 0
        db.removeCached(Self.activeAlertCache, account)
        try armEscalation(key: key, type: fired?.type ?? .danger, account: account, from: time, in: db)
        let alert = try self.alert(key: key, in: db)
        metrics.increment("homeward_alerts_total", labels: ["type": alert.type.rawValue])
        try outbox.enqueue(alert, key: key, account: account, event: "fired", at: time, in: db)
        return (alert, Self.event(for: alert, subject: account))
    }

    /// Cancels a pending countdown; nil if it is no longer pending.
    public func cancel(
        key: Int64, at time: Timestamp, in db: Database
    ) throws -> (alert: AlertResource, event: AppEvent)? {
        try db.execute(
            "UPDATE alerts SET status = 'cancelled', resolved_at_ms = ?, escalates_at_ms = NULL WHERE key = ? AND status = 'pending'",
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
            UPDATE alerts SET status = 'acknowledged', acknowledged_by_key = ?, acknowledged_at_ms = ?, escalates_at_ms = NULL
            WHERE key = ? AND status = 'open'
            """,
            guardian, time.unixMilliseconds, key
        )
        guard db.changes == 1 else { return nil }
        let account: Int64 = try db.fetchOne("SELECT account_key FROM alerts WHERE key = ?", [key]) ?? 0
        db.removeCached(Self.activeAlertCache, account)
        let alert = try self.alert(key: key, in: db)
        try outbox.enqueue(alert, key: key, account: account, event: "acknowledged", at: time, in: db)
        return (alert, Self.event(for: alert, subject: account))
    }

    /// Escalates the open alert `key` if its escalation is due at `time`: it is sent again to everyone
    /// told so far and to the next guardian in the person's order, and its next escalation is set
    /// (none after `escalationMaxSteps`). Nil when it is not due (acknowledged, resolved, or moved).
    public func escalate(key: Int64, at time: Timestamp, in db: Database) throws -> (alert: AlertResource, event: AppEvent)? {
        guard let row = try db.fetchOne(
            "SELECT account_key, type, escalation_step, status FROM alerts WHERE key = ? AND escalates_at_ms <= ?",
            [key, time.unixMilliseconds], map: { row in
                (account: try row.value(at: 0) as Int64, type: try row.value(at: 1) as String, step: try row.value(at: 2) as Int,
                 status: try row.value(at: 3) as String)
            }) else { return nil }
        guard row.status == AlertStatus.open.rawValue, let type = AlertType(rawValue: row.type) else {
            try db.execute("UPDATE alerts SET escalates_at_ms = NULL WHERE key = ?", key)
            return nil
        }
        let step = row.step + 1
        let minutes = try NotificationSettingsStore(db: db).escalation(of: row.account).minutes(for: type)
        let next = step < escalationMaxSteps ? minutes.map { time.unixMilliseconds + Int64($0) * 60_000 } : nil
        try db.execute(
            "UPDATE alerts SET escalation_step = ?, escalated_at_ms = ?, escalates_at_ms = ? WHERE key = ?",
            step, time.unixMilliseconds, next, key)
        let alert = try self.alert(key: key, in: db)
        metrics.increment("homeward_alert_escalations_total", labels: ["type": type.rawValue])
        try outbox.enqueue(alert, key: key, account: row.account, event: "escalated", at: time, in: db)
        return (alert, Self.event(for: alert, subject: row.account))
    }

    /// The earliest time an open alert is due to escalate, if any is.
    public func nextEscalation(in db: Database) throws -> Timestamp? {
        let next: Int64? = try db.fetchOne("SELECT min(escalates_at_ms) FROM alerts WHERE escalates_at_ms IS NOT NULL")
        return next.map(Timestamp.init(unixMilliseconds:))
    }

    /// The alerts due to escalate at `time`, earliest first, at most `limit`.
    public func dueEscalations(at time: Timestamp, limit: Int, in db: Database) throws -> [Int64] {
        try db.fetchAll(
            "SELECT key FROM alerts WHERE escalates_at_ms <= ? ORDER BY escalates_at_ms LIMIT ?", [time.unixMilliseconds, limit])
    }

    /// Sets the first escalation of a newly open alert of an escalating type.
    private func armEscalation(key: Int64, type: AlertType, account: AccountKey, from time: Timestamp, in db: Database) throws {
        guard escalationMaxSteps > 0, EscalationSettings.escalatingTypes.contains(type),
              let minutes = try NotificationSettingsStore(db: db).escalation(of: account).minutes(for: type) else { return }
        try db.execute("UPDATE alerts SET escalates_at_ms = ? WHERE key = ?", time.unixMilliseconds + Int64(minutes) * 60_000, key)
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
}
