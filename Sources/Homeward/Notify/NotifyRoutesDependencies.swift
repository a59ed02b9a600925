import HomewardStore

/// What the notification routes use: the channel and notification-settings tables, the delivery that
/// tests a channel and holds the Web Push key, the rate limit on tests, and the escalation limit.
struct NotifyRoutesDependencies: Sendable {
    /// Holds channels, quiet hours and escalation settings.
    let database: any DatabaseWriter
    /// Sends a channel's test; knows whether email is configured and the VAPID public key.
    let channelDelivery: ChannelDelivery
    /// Limits the channel tests a guardian may send.
    let rateLimiter: RateLimiter
    /// The time channels change and tests are sent.
    let clock: any WallClock
    /// How many times an unanswered alert is escalated at most (`escalationMaxSteps`).
    let escalationMaxSteps: Int
}
