import HomewardStore

/// What the trip routes use: the trip service does the work; the database and the clock serve the
/// path export, which streams rows after the handler has returned.
struct TripRoutesDependencies: Sendable {
    /// Creates, joins, records and ends trips.
    let trips: TripService
    /// Read by the GeoJSON and GPX exports of a trip's path.
    let database: any DatabaseReader
    /// The current time, the end of a path query that names none.
    let clock: any WallClock
}
