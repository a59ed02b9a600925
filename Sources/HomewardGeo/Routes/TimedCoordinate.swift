/// A coordinate at a moment.
public struct TimedCoordinate: Sendable, Equatable, Codable {
    /// The moment.
    public var t: UnixSeconds
    /// The position.
    public var coordinate: Coordinate
}
