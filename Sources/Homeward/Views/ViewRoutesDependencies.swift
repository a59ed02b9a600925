import HomewardStore

/// What the guardian views use: the view service, the database it reads, who may see whom, and the
/// clock that ends a history query or a daily motion range.
struct ViewRoutesDependencies: Sendable {
    /// Builds the view of one person.
    let views: ViewService
    /// Read for views, motion and location history.
    let database: any DatabaseReader
    /// Decides whose views the caller may see (404 otherwise).
    let accessPolicy: AccessPolicy
    /// Today, for history and daily motion.
    let clock: any WallClock
}
