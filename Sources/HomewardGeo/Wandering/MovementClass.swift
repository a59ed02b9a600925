/// What the recent path looks like.
public enum MovementClass: Sendable, Equatable {
    /// Going somewhere.
    case direct
    /// A wandering pattern with its score 0...1.
    case wandering(WanderingPattern, score: Double)
    /// Neither clearly direct nor a known pattern.
    case undetermined
}
