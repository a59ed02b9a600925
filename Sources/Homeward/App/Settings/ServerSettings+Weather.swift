extension ServerSettings {
    /// The weather filled in for episodes stored without conditions.
    static let weather: [ServerSetting] = [
        .value("weather-url", \.weatherURL,
               "Base URL of Open-Meteo's forecast API (`https://api.open-meteo.com`, or a self-hosted one) that fills in the weather of episodes stored without conditions",
               defaultNote: "empty: off", check: .httpURLOrEmpty),
        .value("weather-archive-url", \.weatherArchiveURL,
               "Base URL of Open-Meteo's historical archive API (`https://archive-api.open-meteo.com`) for episodes older than the forecast API answers for (92 days); needs `--weather-url`",
               defaultNote: "empty: none",
               check: SettingCheck { url, configuration in
                   SettingCheck.httpURLOrEmpty.problem(url, configuration)
                       ?? (url.isEmpty || !configuration.weatherURL.isEmpty ? nil : "needs weather-url")
               }),
        .value("weather-cache-entries", \.weatherCacheEntries,
               "Hours of weather (one per 0.1° cell and hour) kept in memory; the oldest fetched are forgotten first", check: .atLeast(1)),
        .value("weather-max-attempts", \.weatherMaxAttempts,
               "Failed attempts at an episode's weather before the server stops trying", check: .atLeast(1)),
        .value("weather-first-retry-seconds", \.weatherFirstRetrySeconds,
               "Seconds before the second attempt at an episode's weather, doubled after each failure", check: .positive),
        .value("weather-lookback-days", \.weatherLookbackDays,
               "Episodes that started more days ago than this get no weather", check: .atLeast(1)),
    ]
}

extension SettingCheck where Value == String {
    /// Empty, or an http or https URL.
    static var httpURLOrEmpty: SettingCheck {
        .that("must be an http or https URL") { url, _ in url.isEmpty || OutgoingURL(url) != nil }
    }
}
