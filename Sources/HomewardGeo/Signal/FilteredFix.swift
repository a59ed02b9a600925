/// A fix the signal filter accepted, with what the filter derived from it.
public struct FilteredFix: Sendable, Equatable {
    /// The fix as reported.
    public let fix: Fix
    /// The accuracy used (the reported one, or the configured assumption).
    public let accuracyMetres: Double
    /// The fix's own position in the tracker's local plane (as reported, not smoothed).
    public let raw: PlanarPoint
    /// The smoothed position in the tracker's local plane.
    public let smoothed: PlanarPoint
    /// The exponentially weighted speed, in metres per second.
    public let smoothedSpeedMetresPerSecond: Double
    /// Whether this fix starts a new segment (first fix, after a gap, or after re-anchoring).
    public let startsSegment: Bool
    /// The fix refused as a jump just before this one, when this one shows it was where a departure
    /// began (see `TrackerConfiguration.departureMinProgressMetres`): judge it first, as accepted.
    public var departure: Fix? = nil
}
