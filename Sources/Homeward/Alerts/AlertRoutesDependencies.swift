/// What the alert and webhook routes use: the alert service, the zone observer a false alarm
/// retunes, and the webhook service.
struct AlertRoutesDependencies: Sendable {
    /// Raises, cancels, acknowledges and lists alerts.
    let alerts: AlertService
    /// Rebuilds a person's trackers with the tuned thresholds after a false alarm.
    let zoneObserver: ZoneObserver
    /// Sets, reads, tests and removes the guardian's webhook.
    let webhooks: WebhookService
}
