/// What the trip routes use: the trip service does the work; the clock ends a path query that names
/// no end.
struct TripRoutesDependencies: Sendable {
    /// Creates, joins, records and ends trips.
    let trips: TripService
    /// The current time, the end of a path query that names none.
    let clock: any WallClock
}
