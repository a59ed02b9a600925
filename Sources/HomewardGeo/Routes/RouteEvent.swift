/// A change on a trip that companions may need to be told about.
public enum RouteEvent: String, Sendable, Equatable, Codable {
    /// The person is confirmed off the route.
    case offRoute
    /// The person is back on the route.
    case backOnRoute
    /// No progress for a while.
    case stalled
    /// Progress again after being stalled.
    case resumed
}
