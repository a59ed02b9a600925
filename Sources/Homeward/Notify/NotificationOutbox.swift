import HomewardStore

/// Writes the deliveries of an alert's change into the outbox (`alert_deliveries`), in the same
/// transaction as the change: one row per recipient for their webhook and one per channel of theirs
/// that carries the alert's type. Ordinary alerts that reach a guardian in their quiet hours are held
/// until the quiet hours end; urgent ones (an SOS or danger being raised, any escalation) never are.
///
/// Who is told: the person alone for an alert that is for them (`AlertType.isForThePerson`);
/// otherwise every guardian and trip companion, except that for the escalating types the
/// guardians the person placed in an order are told one more at each escalation (the first at once).
public struct NotificationOutbox: Sendable {
    private let accessPolicy: AccessPolicy
    private let publicBaseURL: String

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
        let notification = AlertNotification(alert: alert, event: event, at: time, publicBaseURL: publicBaseURL)
        let payload = String(decoding: try JSONBytes.encode(notification), as: UTF8.self)
        let now = time.unixMilliseconds
        // What each recipient is reached by, read for all of them at once (one round trip on PostgreSQL).
        let reaches = recipients.map { _ in RecipientReach() }
        var batch = QueryBatch()
        for (recipient, reach) in zip(recipients, reaches) {
            if !notification.isUrgent {
                NotificationSettingsStore.readQuietHours(of: recipient, into: &batch) { reach.quietHours = $0 }
            }
            WebhookStore.readAlertTypes(of: recipient, into: &batch) { reach.webhookTypes = $0 }
            ChannelStore.readTargets(of: recipient, carrying: alert.type, into: &batch) { reach.channels = $0 }
        }
        try db.run(batch)
        let deliveries = AlertDeliveryStore(db: db)
        for (recipient, reach) in zip(recipients, reaches) {
            var attemptAt = now
            var held = false
            if let end = reach.quietHours?.end(ofQuietHoursAt: time) {
                attemptAt = end.unixMilliseconds
                held = true
            }
            if let webhookTypes = reach.webhookTypes, AlertTypeSelection.carries(webhookTypes, alert.type) {
                try deliveries.insert(
                    alert: key, recipient: recipient, channel: nil, event: event, payload: payload, attemptAt: attemptAt, held: held, at: now)
            }
            for channel in reach.channels {
                try deliveries.insert(
                    alert: key, recipient: recipient, channel: channel.key, event: event, payload: payload, attemptAt: attemptAt, held: held,
                    at: now)
            }
        }
    }

    /// Who hears of an alert of `type` about `account` once it has been escalated `step` times.
    func recipients(of account: AccountKey, type: AlertType, step: Int, in db: Database) throws -> [AccountKey] {
        if type.isForThePerson { return [account] }
        let watchers = try accessPolicy.watchers(of: account, in: db)
        guard EscalationSettings.escalatingTypes.contains(type) else { return watchers }
        let ordered = try NotificationSettingsStore(db: db).orderedGuardians(of: account)
        let notYet = Set(ordered.dropFirst(step + 1))
        return watchers.filter { !notYet.contains($0) }
    }
}

/// What one recipient of an alert's deliveries is reached by, filled by one batch of reads.
private final class RecipientReach {
    /// Their quiet hours, when set (read for ordinary alerts only).
    var quietHours: QuietHours?
    /// The alert types their webhook carries (nil inside: every type); nil when they have none.
    var webhookTypes: String??
    /// Their live channels that carry the alert's type.
    var channels: [ChannelStore.Target] = []
}
