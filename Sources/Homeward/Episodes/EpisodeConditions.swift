import HomewardHTTP

/// Environmental conditions the phone recorded: each value optional, since a weather source may
/// lack one.
public struct EpisodeConditions: Codable, Sendable, Equatable {
    /// Air temperature in degrees Celsius.
    public var temperatureC: Double?
    /// UV index.
    public var uvIndex: Double?
    /// Relative humidity in percent.
    public var humidity: Double?
    /// Wind speed in metres per second.
    public var windSpeed: Double?

    /// Creates conditions.
    public init(temperatureC: Double? = nil, uvIndex: Double? = nil, humidity: Double? = nil, windSpeed: Double? = nil) {
        self.temperatureC = temperatureC
        self.uvIndex = uvIndex
        self.humidity = humidity
        self.windSpeed = windSpeed
    }

    /// True when no value is given.
    var isEmpty: Bool { temperatureC == nil && uvIndex == nil && humidity == nil && windSpeed == nil }

    /// 400 naming the first value (under `path`, e.g. `conditions`) outside its range.
    func validate(at path: String) throws(HTTPError) {
        let checks: [(name: String, value: Double?, range: ClosedRange<Double>)] = [
            ("temperatureC", temperatureC, EpisodeLimits.minTemperatureCelsius...EpisodeLimits.maxTemperatureCelsius),
            ("uvIndex", uvIndex, 0...EpisodeLimits.maxUVIndex),
            ("humidity", humidity, 0...EpisodeLimits.maxHumidityPercent),
            ("windSpeed", windSpeed, 0...EpisodeLimits.maxWindSpeedMetresPerSecond),
        ]
        for check in checks {
            if let value = check.value, !check.range.contains(value) {
                throw .invalidRequest(
                    "\(check.name) must be from \(check.range.lowerBound) to \(check.range.upperBound)",
                    field: "\(path).\(check.name)")
            }
        }
    }

    /// These conditions with every value `newer` gives replacing the old one.
    func updated(with newer: EpisodeConditions) -> EpisodeConditions {
        EpisodeConditions(
            temperatureC: newer.temperatureC ?? temperatureC, uvIndex: newer.uvIndex ?? uvIndex,
            humidity: newer.humidity ?? humidity, windSpeed: newer.windSpeed ?? windSpeed
        )
    }
}
