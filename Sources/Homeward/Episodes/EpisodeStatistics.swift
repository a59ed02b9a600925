/// The body of `GET /v1/episodes/stats`: count, average duration, average conditions, and for each
/// condition with enough data, how episodes compare with the person's baseline (background readings
/// taken outside every episode).
public struct EpisodeStatistics: Encodable, Sendable, Equatable {
    /// The JSON names of the conditions, in the order of `EpisodeStore.conditionColumns`.
    static let conditionNames = ["temperatureC", "uvIndex", "humidity", "windSpeed"]

    /// Episodes counted (open ones included).
    public let count: Int
    /// Episodes that have ended, whose durations are averaged.
    public let endedCount: Int
    /// Average duration of the ended episodes in seconds; nil when none has ended.
    public let averageDurationSeconds: Double?
    /// The average of each condition over the episodes that recorded it.
    public let conditions: EpisodeConditions
    /// Per condition (by its JSON name), the comparison with the baseline; present only with at least
    /// `EpisodeLimits.minEpisodesToCompare` episodes and `minReadingsToCompare` baseline values.
    public let comparison: [String: ConditionComparison]

    /// Builds the statistics from what `EpisodeStore.statistics` reads: the count of episodes, of
    /// ended ones and their average duration, and per condition (in the order of `conditionNames`)
    /// its moments over the episodes and over the baseline readings.
    init(
        count: Int, endedCount: Int, averageDurationMilliseconds: Double?,
        episodeMoments: [ConditionMoments], baselineMoments: [ConditionMoments]
    ) {
        self.count = count
        self.endedCount = endedCount
        averageDurationSeconds = averageDurationMilliseconds.map { $0 / 1000 }
        var averages: [Double?] = []
        var comparison: [String: ConditionComparison] = [:]
        for (index, name) in Self.conditionNames.enumerated() {
            let episodes = index < episodeMoments.count ? episodeMoments[index] : .none
            let baseline = index < baselineMoments.count ? baselineMoments[index] : .none
            averages.append(episodes.average)
            guard let episodeAverage = episodes.average, let baselineAverage = baseline.average,
                  let meanOfSquares = baseline.meanOfSquares,
                  episodes.count >= EpisodeLimits.minEpisodesToCompare, baseline.count >= EpisodeLimits.minReadingsToCompare
            else { continue }
            let variance = max(0, meanOfSquares - baselineAverage * baselineAverage)
            let difference = episodeAverage - baselineAverage
            let deviation = variance.squareRoot()
            comparison[name] = ConditionComparison(
                duringEpisodes: episodeAverage, baseline: baselineAverage, difference: difference,
                standardDeviations: deviation > Self.negligibleDeviation ? difference / deviation : nil,
                episodeCount: episodes.count, baselineCount: baseline.count
            )
        }
        conditions = EpisodeConditions(temperatureC: averages[0], uvIndex: averages[1], humidity: averages[2], windSpeed: averages[3])
        self.comparison = comparison
    }

    /// A spread below this (in the condition's unit) counts as no spread at all.
    private static let negligibleDeviation = 1e-9
}
