/// Every threshold the route progress tracker uses, with its unit in its name.
public struct RouteConfiguration: Sendable, Equatable, Codable {
    /// Walking: 1.3 m/s by default (set a lower default for elderly walkers), 0.4–2.5 m/s, detours × 1.3.
    public var walking = ModeProfile(
        defaultSpeedMetresPerSecond: 1.3, minSpeedMetresPerSecond: 0.4, maxSpeedMetresPerSecond: 2.5, circuityFactor: 1.3)
    /// Cycling: 4.5 m/s by default, 1.5–10 m/s, detours × 1.25.
    public var cycling = ModeProfile(
        defaultSpeedMetresPerSecond: 4.5, minSpeedMetresPerSecond: 1.5, maxSpeedMetresPerSecond: 10, circuityFactor: 1.25)
    /// Driving: 10 m/s by default, 2–35 m/s, detours × 1.2.
    public var driving = ModeProfile(
        defaultSpeedMetresPerSecond: 10, minSpeedMetresPerSecond: 2, maxSpeedMetresPerSecond: 35, circuityFactor: 1.2)
    /// Transit: 7 m/s by default, 1.5–30 m/s, detours × 1.3.
    public var transit = ModeProfile(
        defaultSpeedMetresPerSecond: 7, minSpeedMetresPerSecond: 1.5, maxSpeedMetresPerSecond: 30, circuityFactor: 1.3)
    /// Fixes less accurate than this are ignored.
    public var maxAccuracyMetres = 100.0
    /// Accuracy assumed for fixes that report none.
    public var assumedAccuracyMetres = 30.0
    /// Off route means farther from the route than this ...
    public var offRouteMinimumMetres = 50.0
    /// ... or than this many times the fix's accuracy, whichever is larger ...
    public var offRouteAccuracyFactor = 2.0
    /// ... for at least this many consecutive fixes ...
    public var offRouteConfirmFixes = 2
    /// ... spread over at least this long.
    public var offRouteConfirmSeconds = 30.0
    /// Back on route needs this many consecutive fixes near the route.
    public var backOnRouteConfirmFixes = 2
    /// Progress only moves backwards when the fix is behind by more than this (and twice its accuracy) ...
    public var backwardToleranceMetres = 50.0
    /// ... for this many consecutive fixes ...
    public var backwardConfirmFixes = 3
    /// ... spread over at least this long.
    public var backwardConfirmSeconds = 30.0
    /// Projection looks this far behind the current progress (so loops in a route do not confuse it).
    public var searchBehindMetres = 300.0
    /// Projection looks ahead as far as the mode's top speed times this factor allows since the last fix ...
    public var searchAheadSpeedFactor = 1.5
    /// ... plus this.
    public var searchAheadSlackMetres = 300.0
    /// Time constant of the exponentially weighted speed average.
    public var speedSmoothingSeconds = 30.0
    /// Implied speeds are measured over at least this long.
    public var speedBaselineSeconds = 15.0
    /// A smoothed speed at or above this counts as movement (and only then feeds the ETA's speed).
    public var movingSpeedMetresPerSecond = 0.5
    /// The measured speed is used for the ETA only if the person moved within this long.
    public var recentMovementSeconds = 120.0
    /// Stalled means less than this much progress, and no movement, ...
    public var stalledProgressMetres = 50.0
    /// ... for this long.
    public var stalledSeconds = 300.0

    /// The defaults described beside each property.
    public init() {}

    /// The profile of `mode`.
    public func profile(for mode: TravelMode) -> ModeProfile {
        switch mode {
        case .walking: walking
        case .cycling: cycling
        case .driving: driving
        case .transit: transit
        }
    }
}
