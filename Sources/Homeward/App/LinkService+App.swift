extension LinkService {
    /// The link service of `app`: its database, rate limits, secrets and open event streams.
    init(app: HomewardApp) {
        self.init(
            database: app.database, rateLimiter: app.rateLimiter,
            failuresPerTarget: RateLimitPolicy.verificationCodeFailuresPerTarget.with(
                maxFailures: app.configuration.maxFailedAttempts, windowSeconds: app.configuration.failedAttemptWindowSeconds),
            clock: app.clock, secrets: app.secrets, defaultCodeLifetimeSeconds: app.configuration.verificationCodeLifetimeSeconds,
            maxLinksPerChosenCode: app.configuration.maxLinksPerChosenCode, liveAccess: app.liveAccess,
            phoneNumbers: app.phoneNumbers, alerts: app.alerts, events: app.events,
            homeAssistant: app.homeAssistantChanges)
    }
}
