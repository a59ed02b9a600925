import HomewardStore

/// What the routine routes use: the routine tables, who may see whose routine, the zone observer
/// that knows the learned places (and forgets them when their notes change), and the tuning limit.
struct RoutineRoutesDependencies: Sendable {
    /// Holds the routine settings and place notes.
    let database: any DatabaseWriter
    /// Decides whose routine the caller may see and change (404 otherwise).
    let accessPolicy: AccessPolicy
    /// The learned places of a person; rebuilt when a note or the learning setting changes.
    let zoneObserver: ZoneObserver
    /// The time a note or setting is written.
    let clock: any WallClock
    /// Steps at most by which false alarms tune a person's thresholds (`falseAlarmMaxTuningSteps`).
    let falseAlarmMaxTuningSteps: Int
}
