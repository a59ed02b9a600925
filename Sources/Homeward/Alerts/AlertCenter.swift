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
        let store = AlertStore(db: db)
        guard try store.activeAlerts(of: account)[request.cause] == nil else { return nil }
        let key = try store.insert(request, id: SecureRandom.identifier(), for: account, at: time)
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
        guard try !AlertStore(db: db).hasAlert(of: account, cause: request.cause) else { return nil }
        return try raise(request, for: account, at: time, in: db)?.event
    }

    /// Resolves the active alert of `cause` for `account`, if there is one.
    public func resolve(
        cause: String, for account: AccountKey, at time: Timestamp, in db: Database
    ) throws -> (alert: AlertResource, event: AppEvent)? {
        let store = AlertStore(db: db)
        guard let active = try store.activeAlerts(of: account)[cause], active.status != .pending else { return nil }
        let key = active.key
        try store.markResolved(key, cause: cause, of: account, at: time)
        let alert = try self.alert(key: key, in: db)
        try outbox.enqueue(alert, key: key, account: account, event: "resolved", at: time, in: db)
        return (alert, Self.event(for: alert, subject: account))
    }

    /// Does what a rule decided for `account` at `time`: raises (unless an alert of the cause is
    /// active) or resolves; what changed, if anything.
    public func apply(
        _ action: AlertAction, for account: AccountKey, at time: Timestamp, in db: Database
    ) throws -> (alert: AlertResource, event: AppEvent)? {
        switch action {
        case .raise(let request): try raise(request, for: account, at: time, in: db)
        case .resolve(let cause): try resolve(cause: cause, for: account, at: time, in: db)
        }
    }

    /// Fires a pending countdown: it becomes an open `danger` alert; `late` marks one that fired
    /// after a restart. Nil if it is no longer pending.
    public func fire(
        key: Int64, at time: Timestamp, late: Bool, in db: Database
    ) throws -> (alert: AlertResource, event: AppEvent)? {
        guard let (account, type) = try AlertStore(db: db).markFired(key, at: time, late: late) else { return nil }
        try armEscalation(key: key, type: type, account: account, from: time, in: db)
        let alert = try self.alert(key: key, in: db)
        metrics.increment("homeward_alerts_total", labels: ["type": alert.type.rawValue])
        try outbox.enqueue(alert, key: key, account: account, event: "fired", at: time, in: db)
        return (alert, Self.event(for: alert, subject: account))
    }

    /// Cancels a pending countdown; nil if it is no longer pending.
    public func cancel(
        key: Int64, at time: Timestamp, in db: Database
    ) throws -> (alert: AlertResource, event: AppEvent)? {
        guard let account = try AlertStore(db: db).markCancelled(key, at: time) else { return nil }
        let alert = try self.alert(key: key, in: db)
        return (alert, Self.event(for: alert, subject: account))
    }

    /// Records that `guardian` acknowledged an open alert (visible to every other watcher); an
    /// alert already acknowledged keeps its first acknowledgement. Nil if it is not open.
    public func acknowledge(
        key: Int64, by guardian: AccountKey, at time: Timestamp, in db: Database
    ) throws -> (alert: AlertResource, event: AppEvent)? {
        guard let account = try AlertStore(db: db).markAcknowledged(key, by: guardian, at: time) else { return nil }
        let alert = try self.alert(key: key, in: db)
        try outbox.enqueue(alert, key: key, account: account, event: "acknowledged", at: time, in: db)
        return (alert, Self.event(for: alert, subject: account))
    }

    /// Escalates the open alert `key` if its escalation is due at `time`: it is sent again to everyone
    /// told so far and to the next guardian in the person's order, and its next escalation is set
    /// (none after `escalationMaxSteps`). Nil when it is not due (acknowledged, resolved, or moved).
    public func escalate(key: Int64, at time: Timestamp, in db: Database) throws -> (alert: AlertResource, event: AppEvent)? {
        let store = AlertStore(db: db)
        guard let row = try store.dueEscalation(of: key, at: time) else { return nil }
        guard row.status == AlertStatus.open.rawValue, let type = AlertType(rawValue: row.type) else {
            try store.setEscalation(of: key, at: nil)
            return nil
        }
        let step = row.step + 1
        let minutes = try NotificationSettingsStore(db: db).escalation(of: row.account).minutes(for: type)
        let next = step < escalationMaxSteps ? minutes.map { time.unixMilliseconds + Int64($0) * 60_000 } : nil
        try store.recordEscalation(of: key, step: step, at: time, next: next)
        let alert = try self.alert(key: key, in: db)
        metrics.increment("homeward_alert_escalations_total", labels: ["type": type.rawValue])
        try outbox.enqueue(alert, key: key, account: row.account, event: "escalated", at: time, in: db)
        return (alert, Self.event(for: alert, subject: row.account))
    }

    /// The earliest time an open alert is due to escalate, if any is.
    public func nextEscalation(in db: Database) throws -> Timestamp? {
        try AlertStore(db: db).nextEscalation()
    }

    /// The alerts due to escalate at `time`, earliest first, at most `limit`.
    public func dueEscalations(at time: Timestamp, limit: Int, in db: Database) throws -> [Int64] {
        try AlertStore(db: db).dueEscalations(at: time, limit: limit)
    }

    /// Sets the first escalation of a newly open alert of an escalating type.
    private func armEscalation(key: Int64, type: AlertType, account: AccountKey, from time: Timestamp, in db: Database) throws {
        guard escalationMaxSteps > 0, EscalationSettings.escalatingTypes.contains(type),
              let minutes = try NotificationSettingsStore(db: db).escalation(of: account).minutes(for: type) else { return }
        try AlertStore(db: db).setEscalation(of: key, at: time.unixMilliseconds + Int64(minutes) * 60_000)
    }

    /// The alert with internal `key`.
    public func alert(key: Int64, in db: Database) throws -> AlertResource {
        guard let record = try AlertStore(db: db).alert(key: key) else {
            throw DatabaseError(extendedResultCode: 12, message: "alert \(key) not found")
        }
        return record.resource
    }

    /// The event that tells watchers about `alert`.
    public static func event(for alert: AlertResource, subject: AccountKey) -> AppEvent {
        AppEvent(
            kind: .alert, subject: subject, tripID: alert.tripId, originAt: alert.createdAt, alertType: alert.type, payload: (try? JSONBytes.encode(alert)) ?? [])
    }
}
