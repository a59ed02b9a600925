/// The body POSTed to a guardian's webhook. `title` and `message` make it read well when posted
/// straight to ntfy or Gotify; `alert` carries the whole alert; `event` says what changed.
struct WebhookPayload: Encodable {
    /// What changed: `raised`, `fired`, `acknowledged`, `resolved` or `cancelled`.
    var event: String
    /// A short headline.
    var title: String
    /// One sentence for a notification.
    var message: String
    /// Gotify's priority (0-10): 10 for SOS and danger, 8 for other new alerts, 4 for the rest.
    var priority: Int
    /// The alert.
    var alert: AlertResource
}
