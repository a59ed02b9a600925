/// The body of a webhook test (`POST /v1/me/webhook/test`): shaped like an alert delivery without the
/// alert, so a receiver can check its signature handling and how a notification reads.
struct WebhookTestPayload: Encodable {
    /// Always `test`.
    var event = "test"
    /// A short headline.
    var title = "Homeward test"
    /// One sentence for a notification.
    var message = "This is a test from Homeward: alerts about the people you guard will arrive here."
    /// Gotify's priority (0-10): low, since nothing happened.
    var priority = 4
}
