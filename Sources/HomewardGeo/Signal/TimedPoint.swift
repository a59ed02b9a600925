/// A position in the tracker's local plane at a moment.
public struct TimedPoint: Sendable, Equatable, Codable {
    /// The moment.
    public var t: UnixSeconds
    /// The position.
    public var point: PlanarPoint
}
