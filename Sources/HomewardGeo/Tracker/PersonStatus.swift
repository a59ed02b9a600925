/// What guardians see about one person, as `status` in the guardian views.
public struct PersonStatus: Sendable, Equatable, Codable {
    /// Moving, stationary or unknown.
    public var state: MotionState
    /// The id of the safe zone the person is in, or nil.
    public var zoneId: String?
    /// The name of the safe zone the person is in, or nil.
    public var zoneName: String?
    /// The wandering episode, or nil.
    public var wandering: Wandering?
    /// Distance from the home zone's centre in metres, when there is a home zone and a fix.
    public var distanceFromHomeMetres: Double?
    /// Seconds since the person left home, while away.
    public var timeAwaySeconds: Double?
    /// Smoothed speed in metres per second.
    public var smoothedSpeedMetresPerSecond: Double
    /// The current stay point, if the person is dwelling somewhere.
    public var stay: StayPoint?
    /// The last fix the tracker used.
    public var lastGoodFix: Fix?
}
