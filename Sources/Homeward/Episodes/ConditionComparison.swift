/// How one condition during episodes compares with the person's usual value of it.
public struct ConditionComparison: Encodable, Sendable, Equatable {
    /// The average during the episodes.
    public let duringEpisodes: Double
    /// The average over every value recorded (episodes and background readings).
    public let overall: Double
    /// `duringEpisodes - overall`.
    public let difference: Double
    /// The difference in standard deviations of all recorded values; nil when they do not vary.
    public let standardDeviations: Double?
    /// Episodes with a value.
    public let episodeCount: Int
    /// Values recorded in all (episodes and background readings).
    public let readingCount: Int
}
