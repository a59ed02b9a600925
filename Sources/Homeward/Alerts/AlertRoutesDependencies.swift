import HomewardStore

/// What the alert and webhook routes use: the alert service, the webhook table, the zone observer a
/// false alarm retunes, the rate limiter of webhook tests and the client that sends them.
struct AlertRoutesDependencies: Sendable {
    /// Raises, cancels, acknowledges and lists alerts.
    let alerts: AlertService
    /// Holds the guardian's webhook.
    let database: any DatabaseWriter
    /// Rebuilds a person's trackers with the tuned thresholds after a false alarm.
    let zoneObserver: ZoneObserver
    /// Limits webhook tests a guardian may send.
    let rateLimiter: RateLimiter
    /// Sends the webhook test.
    let outgoingClient: OutgoingHTTPClient
    /// The time a webhook is set or removed.
    let clock: any WallClock
}
