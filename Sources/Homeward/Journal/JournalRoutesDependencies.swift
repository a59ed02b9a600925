import HomewardStore

/// What the journal routes use: the journal table, who may read whose journal, and the clock.
struct JournalRoutesDependencies: Sendable {
    /// Holds the journal entries.
    let database: any DatabaseWriter
    /// Decides whose journal the caller may read (404 otherwise).
    let accessPolicy: AccessPolicy
    /// The time an entry is written and the end of a daily summary.
    let clock: any WallClock
}
