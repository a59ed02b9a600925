/// A change in the wandering episode.
public enum WanderingChange: Sendable, Equatable {
    /// An episode started.
    case started(Wandering)
    /// The episode ended.
    case ended
}
