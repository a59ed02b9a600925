import HomewardStore

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

    /// Builds the statistics from the aggregate rows `EpisodeStore.statistics` reads: for episodes
    /// `count, ended, avg duration ms` then `avg, count, avg of squares` per condition; for the
    /// baseline readings the per-condition triples alone.
    init(episodeAggregates: [DatabaseValue], baselineAggregates: [DatabaseValue]) {
        func double(_ values: [DatabaseValue], _ index: Int) -> Double? {
            index < values.count ? Double(databaseValue: values[index]) : nil
        }
        func integer(_ values: [DatabaseValue], _ index: Int) -> Int {
            index < values.count ? Int(databaseValue: values[index]) ?? 0 : 0
        }
        count = integer(episodeAggregates, 0)
        endedCount = integer(episodeAggregates, 1)
        averageDurationSeconds = double(episodeAggregates, 2).map { $0 / 1000 }
        var averages: [Double?] = []
        var comparison: [String: ConditionComparison] = [:]
        for (index, name) in Self.conditionNames.enumerated() {
            let episodeAverage = double(episodeAggregates, 3 + index * 3)
            let episodeCount = integer(episodeAggregates, 4 + index * 3)
            averages.append(episodeAverage)
            let baselineAverage = double(baselineAggregates, index * 3)
            let baselineCount = integer(baselineAggregates, 1 + index * 3)
            guard let episodeAverage, let baselineAverage, let meanOfSquares = double(baselineAggregates, 2 + index * 3),
                  episodeCount >= EpisodeLimits.minEpisodesToCompare, baselineCount >= EpisodeLimits.minReadingsToCompare
            else { continue }
            let variance = max(0, meanOfSquares - baselineAverage * baselineAverage)
            let difference = episodeAverage - baselineAverage
            let deviation = variance.squareRoot()
            comparison[name] = ConditionComparison(
                duringEpisodes: episodeAverage, baseline: baselineAverage, difference: difference,
                standardDeviations: deviation > Self.negligibleDeviation ? difference / deviation : nil,
                episodeCount: episodeCount, baselineCount: baselineCount
            )
        }
        conditions = EpisodeConditions(temperatureC: averages[0], uvIndex: averages[1], humidity: averages[2], windSpeed: averages[3])
        self.comparison = comparison
    }

    /// A spread below this (in the condition's unit) counts as no spread at all.
    private static let negligibleDeviation = 1e-9
}
