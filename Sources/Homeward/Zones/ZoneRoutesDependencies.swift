import HomewardStore

/// What the zone routes use: the zones table, who may see whom, the zone trackers to refresh after a
/// change, and the alerts a deleted zone resolves.
struct ZoneRoutesDependencies: Sendable {
    /// Holds the zones and the alerts they raised.
    let database: any DatabaseWriter
    /// Decides whose zones the caller may see and change (404 otherwise).
    let accessPolicy: AccessPolicy
    /// The creation time of a new zone and the resolution time of its alerts.
    let clock: any WallClock
    /// What a new zone is checked against: radius, vertices, span, zones a person.
    let limits: ZoneLimits
    /// Forgets a person's trackers when their zones change.
    let zoneObserver: ZoneObserver
    /// Resolves the alerts of a deleted zone.
    let alerts: AlertCenter
    /// Tells streams and webhooks the alerts were resolved.
    let events: EventBus
}
