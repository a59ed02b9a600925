/// Whether the person is moving, as `status.state` reports it.
public enum MotionState: String, Sendable, Equatable, Codable {
    /// Smoothed speed above the moving threshold.
    case moving
    /// Slow for a while, or dwelling at a stay point.
    case stationary
    /// Not enough data yet.
    case unknown
}
