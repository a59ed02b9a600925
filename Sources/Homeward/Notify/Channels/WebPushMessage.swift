/// What a push carries to the web app's service worker, which shows it as a notification:
/// `{title, body, url?, tag, urgent, alertId, event}`. Small by design: a push body holds at most
/// `WebPushEncryption.maxPayloadBytes`.
struct WebPushMessage: Encodable {
    /// The notification's title.
    var title: String
    /// Its text.
    var body: String
    /// The page a tap opens.
    var url: String?
    /// Replaces an earlier notification of the same alert instead of stacking.
    var tag: String
    /// Whether the notification should stay until the guardian acts (SOS, danger, escalations).
    var urgent: Bool
    /// The alert's id.
    var alertId: String
    /// What changed.
    var event: String

    /// The push for `notification`; long messages are cut to fit one push.
    init(_ notification: AlertNotification) {
        title = String(notification.title.prefix(200))
        body = String(notification.message.prefix(1_000))
        url = notification.link ?? "/#alerts/\(notification.alert.id)"
        tag = "homeward-\(notification.alert.id)"
        urgent = notification.isUrgent
        alertId = notification.alert.id
        event = notification.event
    }
}
