/// A place where the person has stayed within a small radius for a while.
public struct StayPoint: Sendable, Equatable, Codable {
    /// The mean smoothed position during the stay.
    public var center: Coordinate
    /// When the stay began.
    public var since: UnixSeconds
}
