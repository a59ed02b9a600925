/// How one condition during episodes compares with the person's baseline: the background readings
/// taken outside every episode.
public struct ConditionComparison: Encodable, Sendable, Equatable {
    /// The average during the episodes (the episodes' own conditions).
    public let duringEpisodes: Double
    /// The average of the baseline readings.
    public let baseline: Double
    /// `duringEpisodes - baseline`.
    public let difference: Double
    /// The difference in standard deviations of the baseline readings; nil when they do not vary.
    public let standardDeviations: Double?
    /// Episodes with a value.
    public let episodeCount: Int
    /// Baseline readings with a value.
    public let baselineCount: Int
}
