import HomewardGeo

/// The thresholds of the trips feature, from `AppConfiguration`.
public struct TripConfiguration: Sendable {
    /// Digits in a trip access code.
    public static let accessCodeDigitCount = 6
    /// Trips listed at most per page.
    public static let maxPageSize = 1000
    /// Trips listed per page unless `limit` says otherwise.
    public static let defaultPageSize = 100

    /// A trip is overdue this long after its expected arrival (or its start plus the ETA at start).
    public var overdueMarginSeconds: Int
    /// A moving trip is stalled when its distance remaining has not shrunk for this long.
    public var stalledAfterSeconds: Int
    /// How often the trip timer looks for overdue and stalled trips.
    public var timerIntervalSeconds: Int
    /// The route tracker's thresholds (off-route confirmation, speeds, the progress that counts against a stall).
    public var route: RouteConfiguration

    /// Creates a configuration.
    public init(overdueMarginSeconds: Int, stalledAfterSeconds: Int, timerIntervalSeconds: Int, route: RouteConfiguration = RouteConfiguration()) {
        self.overdueMarginSeconds = overdueMarginSeconds
        self.stalledAfterSeconds = stalledAfterSeconds
        self.timerIntervalSeconds = timerIntervalSeconds
        self.route = route
    }

    /// The overdue margin in milliseconds.
    var overdueMarginMilliseconds: Int64 { Int64(overdueMarginSeconds) * Timestamp.millisecondsPerSecond }
    /// The stall time in milliseconds.
    var stalledAfterMilliseconds: Int64 { Int64(stalledAfterSeconds) * Timestamp.millisecondsPerSecond }
}
