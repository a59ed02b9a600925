/// What decided a zone exit or a wandering episode, for the guardians who are told: the fixes that
/// decided it, the worst accuracy among them, how long and how far beyond the line the person was,
/// and the routine it broke.
public struct DecisionEvidence: Sendable, Equatable, Codable {
    /// What the routine said at the deciding fix.
    public struct RoutineBreak: Sendable, Equatable, Codable {
        /// Distinct days the routine had learned before that day (0 when learning is off).
        public var learnedDays: Int
        /// Whether those were enough days to trust the routine (`routineMinimumDays`).
        public var trusted: Bool
        /// Whether the place, at that hour, was usual for the person (it was not, when it decided).
        public var usualHere: Bool
        /// The local hour of the deciding fix (0–23).
        public var hour: Int
        /// The key of the learned place marked not usual that the person was in, if any.
        public var unusualPlace: Int64?
    }

    /// The fixes that decided it, oldest first (at most `PersonTracker.evidenceFixCount`, the last ones).
    public var fixes: [Fix]
    /// The least accurate of those fixes, in metres (nil when none reported an accuracy).
    public var worstAccuracyMetres: Double?
    /// How long the person had been beyond the line (the zone's edge, the far-from-home distance, or
    /// in the wandering shape) when it was decided.
    public var secondsBeyond: Double
    /// How far beyond the line the farthest of those fixes was (nil for a shape).
    public var metresBeyond: Double?
    /// The routine's say, for far from home and wandering (nil for a zone exit).
    public var routine: RoutineBreak?
}
