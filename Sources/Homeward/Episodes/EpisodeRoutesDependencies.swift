import HomewardStore

/// What the episode routes use: the episodes and readings tables, who may read whose episodes, the
/// clock, and the weather filler woken for an episode stored without conditions.
struct EpisodeRoutesDependencies: Sendable {
    /// Holds the episodes and condition readings.
    let database: any DatabaseWriter
    /// Decides whose episodes the caller may read (404 otherwise).
    let accessPolicy: AccessPolicy
    /// The time an episode is written or a reading checked against.
    let clock: any WallClock
    /// Woken after the commit of an episode whose weather is still to be filled in.
    let weatherFiller: WeatherFiller
}
