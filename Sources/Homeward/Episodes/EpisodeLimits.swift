/// The ranges episodes and condition readings must fall in (the same bounds are CHECKs in
/// schema/0006_journal.sql).
enum EpisodeLimits {
    /// Characters of an episode's kind, at most.
    static let maxKindCharacters = 64
    /// Characters of a note, at most.
    static let maxNoteCharacters = 2000
    /// Lowest air temperature accepted, in degrees Celsius.
    static let minTemperatureCelsius = -90.0
    /// Highest air temperature accepted, in degrees Celsius.
    static let maxTemperatureCelsius = 60.0
    /// Highest UV index accepted.
    static let maxUVIndex = 20.0
    /// Highest relative humidity, in percent.
    static let maxHumidityPercent = 100.0
    /// Highest wind speed accepted, in metres per second.
    static let maxWindSpeedMetresPerSecond = 120.0
    /// How far in the future a start, an end or a reading may lie, to forgive a phone's clock, in seconds.
    static let maxFutureSkewSeconds: Int64 = 600
    /// Condition readings in one request, at most.
    static let maxReadingsPerRequest = 1000
    /// Episodes with a value that a comparison with the usual conditions needs, at least.
    static let minEpisodesToCompare = 3
    /// Baseline readings (background readings outside every episode) with a value that a comparison
    /// needs, at least.
    static let minReadingsToCompare = 10
    /// How long after its start an episode that has not ended covers, for the baseline: background
    /// readings in that time are not the person's usual conditions (a day, so that an episode the
    /// person forgot to end does not swallow every later reading).
    static let openEpisodeWindowSeconds: Int64 = 24 * 3600
}
