/// The speeds and detour factor of one travel mode.
public struct ModeProfile: Sendable, Equatable, Codable {
    /// Speed assumed when there is no recent movement, in metres per second.
    public var defaultSpeedMetresPerSecond: Double
    /// The smoothed speed is clamped to at least this for the ETA, in metres per second.
    public var minSpeedMetresPerSecond: Double
    /// The smoothed speed is clamped to at most this for the ETA, in metres per second.
    public var maxSpeedMetresPerSecond: Double
    /// Without a route, the straight-line distance is multiplied by this (streets are not straight).
    public var circuityFactor: Double

    /// Creates a profile.
    public init(
        defaultSpeedMetresPerSecond: Double, minSpeedMetresPerSecond: Double, maxSpeedMetresPerSecond: Double,
        circuityFactor: Double
    ) {
        self.defaultSpeedMetresPerSecond = defaultSpeedMetresPerSecond
        self.minSpeedMetresPerSecond = minSpeedMetresPerSecond
        self.maxSpeedMetresPerSecond = maxSpeedMetresPerSecond
        self.circuityFactor = circuityFactor
    }
}
