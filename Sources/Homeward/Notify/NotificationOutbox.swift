import HomewardStore

/// Writes the deliveries of an alert's change into the outbox (`alert_deliveries`), in the same
/// transaction as the change: one row per recipient for their webhook and one per channel of theirs
/// that carries the alert's type. Ordinary alerts that reach a guardian in their quiet hours are held
/// until the quiet hours end; urgent ones (an SOS or danger being raised, any escalation) never are.
///
/// Who is told: every guardian and trip companion, except that for the escalating types the
/// guardians the person placed in an order are told one more at each escalation (the first at once).
public struct NotificationOutbox: Sendable {
    private let accessPolicy: AccessPolicy
    private let publicBaseURL: String
    private let channels = ChannelStore()
    private let settings = NotificationSettingsStore()

    /// Creates the outbox; `publicBaseURL` makes the links to the web app in notifications.
    public init(accessPolicy: AccessPolicy, publicBaseURL: String) {
        self.accessPolicy = accessPolicy
        self.publicBaseURL = publicBaseURL
    }

    /// Queues `event` of `alert` (internal `key`, about `account`) for everyone who is to hear of it.
    func enqueue(
        _ alert: AlertResource, key: Int64, account: AccountKey, event: String, at time: Timestamp, in db: Database
    ) throws {
        let recipients = try self.recipients(of: account, type: alert.type, step: alert.escalation?.step ?? 0, in: db)
        guard !recipients.isEmpty else { return }
        let notification = AlertNotification(alert: alert, event: event, publicBaseURL: publicBaseURL)
        let payload = String(decoding: try JSONBytes.encode(notification), as: UTF8.self)
        let now = time.unixMilliseconds
        for recipient in recipients {
            var attemptAt = now
            var held = false
            if !notification.isUrgent, let end = try settings.quietHours(of: recipient, in: db)?.end(ofQuietHoursAt: time) {
                attemptAt = end.unixMilliseconds
                held = true
            }
            let webhookTypes: String?? = try db.fetchOne("SELECT alert_types FROM webhooks WHERE account_key = ?", [recipient]) { row in
                try row.value(at: 0) as String?
            }
            if let webhookTypes, AlertTypeSelection.carries(webhookTypes, alert.type) {
                try insert(key, recipient: recipient, channel: nil, event: event, payload: payload, attemptAt: attemptAt, held: held, now: now, in: db)
            }
            for channel in try channels.targets(of: recipient, carrying: alert.type, in: db) {
                try insert(key, recipient: recipient, channel: channel.key, event: event, payload: payload, attemptAt: attemptAt, held: held, now: now, in: db)
            }
        }
    }

    /// Who hears of an alert of `type` about `account` once it has been escalated `step` times.
    func recipients(of account: AccountKey, type: AlertType, step: Int, in db: Database) throws -> [AccountKey] {
        let watchers = try accessPolicy.watchers(of: account, in: db)
        guard EscalationSettings.escalatingTypes.contains(type) else { return watchers }
        let ordered: [AccountKey] = try db.fetchAll(
            "SELECT guardian_key FROM links WHERE dependent_key = ? AND escalation_rank IS NOT NULL ORDER BY escalation_rank",
            [account])
        let notYet = Set(ordered.dropFirst(step + 1))
        return watchers.filter { !notYet.contains($0) }
    }

    private func insert(
        _ alertKey: Int64, recipient: AccountKey, channel: Int64?, event: String, payload: String, attemptAt: Int64, held: Bool,
        now: Int64, in db: Database
    ) throws {
        try db.execute(
            """
            INSERT INTO alert_deliveries (alert_key, recipient_key, channel_key, event, payload, next_attempt_ms, held, created_at_ms)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?)
            """,
            alertKey, recipient, channel, event, payload, attemptAt, held, now)
    }
}
