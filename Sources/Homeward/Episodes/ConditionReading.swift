/// Conditions the phone recorded at a moment outside any episode (`POST /v1/conditions`).
struct ConditionReading: Decodable, Sendable {
    /// When the conditions held.
    let t: Timestamp
    /// Air temperature in degrees Celsius.
    let temperatureC: Double?
    /// UV index.
    let uvIndex: Double?
    /// Relative humidity in percent.
    let humidity: Double?
    /// Wind speed in metres per second.
    let windSpeed: Double?

    /// The values as episode conditions, for validation.
    var conditions: EpisodeConditions {
        EpisodeConditions(temperatureC: temperatureC, uvIndex: uvIndex, humidity: humidity, windSpeed: windSpeed)
    }
}
