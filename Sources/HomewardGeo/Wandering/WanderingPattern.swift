/// A kind of wandering, as `status.wandering.pattern` names it (Martino-Saltzman et al., 1991, plus distance).
public enum WanderingPattern: String, Sendable, Equatable, Hashable, Codable, CaseIterable {
    /// Repeated loops in the same direction.
    case lapping
    /// Back and forth between two places.
    case pacing
    /// Frequent unexplained direction changes without getting anywhere.
    case random
    /// Far from home and outside every safe zone for a while.
    case farFromHome = "far_from_home"
}
