/// Where a trip stands after a fix (`progress` in the trips API).
public struct RouteProgress: Sendable, Equatable, Codable {
    /// Distance still to go, in metres (along the route when there is one).
    public var distanceRemainingMetres: Double
    /// Estimated seconds to arrival.
    public var etaSeconds: Double
    /// Whether the person is confirmed off the route.
    public var offRoute: Bool
    /// How far along the trip is, 0...1.
    public var progressFraction: Double
    /// Whether there has been no progress for the configured time.
    public var stalled: Bool
    /// Distance from the route in metres (nil without a route).
    public var distanceFromRouteMetres: Double?
    /// What changed with this fix.
    public var events: [RouteEvent]
}
