/// What a prune deleted.
public struct PruneResult: Sendable, Equatable {
    /// Location samples deleted.
    public var locations = 0
    /// Motion reports deleted.
    public var motion = 0

    /// Creates a result.
    public init(locations: Int = 0, motion: Int = 0) {
        self.locations = locations
        self.motion = motion
    }
}
