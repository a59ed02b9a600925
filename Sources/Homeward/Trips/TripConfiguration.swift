import HomewardGeo

/// The thresholds of the trips feature, from `AppConfiguration`.
public struct TripConfiguration: Sendable {
    /// Digits in a trip access code.
    public static let accessCodeDigitCount = 6
    /// Trips listed at most per page.
    public static let maxPageSize = 1000
    /// Trips listed per page unless `limit` says otherwise.
    public static let defaultPageSize = 100

    /// When a trip is overdue (`trip-overdue-margin-seconds`, declared in the rule's file).
    public var overdue: OverdueRule
    /// When a moving trip is stalled (`trip-stalled-after-seconds`, declared in the rule's file).
    public var stalled: StalledRule
    /// How often the trip timer looks for overdue and stalled trips.
    public var timerIntervalSeconds: Int
    /// The route tracker's thresholds (off-route confirmation, speeds, the progress that counts against a stall).
    public var route: RouteConfiguration

    /// Creates a configuration.
    public init(overdue: OverdueRule, stalled: StalledRule, timerIntervalSeconds: Int, route: RouteConfiguration = RouteConfiguration()) {
        self.overdue = overdue
        self.stalled = stalled
        self.timerIntervalSeconds = timerIntervalSeconds
        self.route = route
    }
}
