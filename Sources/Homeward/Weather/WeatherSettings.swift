/// The weather provider and how the filler works through it (`weatherURL`, `weatherArchiveURL`,
/// `weatherCacheEntries`, `weatherMaxAttempts`, `weatherFirstRetrySeconds`, `weatherLookbackDays`);
/// `AppConfiguration` documents each.
public struct WeatherSettings: Sendable {
    /// Base URL of Open-Meteo's forecast API; empty turns the weather provider off.
    public var forecastURL: String
    /// Base URL of Open-Meteo's archive API, for older episodes; empty leaves them without weather.
    public var archiveURL: String
    /// Hours of weather (per cell) kept in memory.
    public var cacheEntries: Int
    /// Failed attempts at an episode's weather before the filler stops trying.
    public var maxAttempts: Int
    /// Delay before the second attempt, doubled after each failure.
    public var firstRetrySeconds: Double
    /// Episodes that started longer ago than this are not given weather.
    public var lookbackDays: Int
}
