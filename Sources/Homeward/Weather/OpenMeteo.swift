import Foundation

/// Open-Meteo's two weather APIs the server asks: the forecast API (`/v1/forecast`, which also
/// answers for the last `forecastPastDays` days) and the historical archive (`/v1/archive`, ERA5
/// reanalysis, for older days; it has no UV index). Both take `latitude`, `longitude`, a list of
/// `hourly` variables, `start_date` and `end_date` (`yyyy-mm-dd`), `timezone` and
/// `wind_speed_unit`, and answer `{"hourly": {"time": ["2026-11-21T00:00", ...], "<variable>":
/// [value or null, ...]}, ...}`, or `{"error": true, "reason": "..."}` with a 400.
enum OpenMeteo {
    /// Which of the two APIs.
    enum API: Sendable, Hashable {
        case forecast, archive

        /// The path under the API's base URL.
        var path: String { self == .forecast ? "/v1/forecast" : "/v1/archive" }

        /// The hourly variables asked for, as Open-Meteo names them.
        var hourlyVariables: [String] {
            self == .forecast ? ["temperature_2m", "relative_humidity_2m", "wind_speed_10m", "uv_index"]
                : ["temperature_2m", "relative_humidity_2m", "wind_speed_10m"]
        }
    }

    /// How many days back the forecast API answers (its `past_days` goes up to 92); older days go to
    /// the archive.
    static let forecastPastDays: Int64 = 92

    /// The request for the hours of the UTC day `day` at `cell`, under `base` (e.g.
    /// `https://api.open-meteo.com`); wind in metres per second, times in GMT.
    static func url(base: String, api: API, cell: WeatherCell, day: Timestamp) -> String {
        let date = String(day.rfc3339.prefix(10))
        let trimmed = base.hasSuffix("/") ? String(base.dropLast()) : base
        return trimmed + api.path + "?latitude=\(cell.latitudeText)&longitude=\(cell.longitudeText)"
            + "&hourly=\(api.hourlyVariables.joined(separator: ","))&wind_speed_unit=ms&timezone=GMT"
            + "&start_date=\(date)&end_date=\(date)"
    }

    /// The hourly conditions an answer holds, by the hour's start; values outside the ranges an
    /// episode accepts are left out. Throws when the body is not Open-Meteo's hourly answer.
    static func hours(from body: [UInt8]) throws -> [Timestamp: EpisodeConditions] {
        let answer = try JSONDecoder().decode(Answer.self, from: Data(body))
        let hourly = answer.hourly
        var hours: [Timestamp: EpisodeConditions] = [:]
        for (index, text) in hourly.time.enumerated() {
            guard let hour = Timestamp(rfc3339: text + ":00Z") else { throw WeatherError("an hour reads \(text)") }
            func value(_ values: [Double?]?, _ range: ClosedRange<Double>) -> Double? {
                guard let values, index < values.count, let value = values[index], range.contains(value) else { return nil }
                return value
            }
            hours[hour] = EpisodeConditions(
                temperatureC: value(hourly.temperature, EpisodeLimits.minTemperatureCelsius...EpisodeLimits.maxTemperatureCelsius),
                uvIndex: value(hourly.uvIndex, 0...EpisodeLimits.maxUVIndex),
                humidity: value(hourly.humidity, 0...EpisodeLimits.maxHumidityPercent),
                windSpeed: value(hourly.windSpeed, 0...EpisodeLimits.maxWindSpeedMetresPerSecond)
            )
        }
        return hours
    }

    /// The reason of an error answer (`{"error": true, "reason": ...}`), if the body is one.
    static func reason(from body: [UInt8]) -> String? {
        (try? JSONDecoder().decode(ErrorAnswer.self, from: Data(body)))?.reason
    }

    private struct Answer: Decodable {
        struct Hourly: Decodable {
            let time: [String]
            let temperature: [Double?]?
            let humidity: [Double?]?
            let windSpeed: [Double?]?
            let uvIndex: [Double?]?

            private enum CodingKeys: String, CodingKey {
                case time, temperature = "temperature_2m", humidity = "relative_humidity_2m"
                case windSpeed = "wind_speed_10m", uvIndex = "uv_index"
            }
        }
        let hourly: Hourly
    }

    private struct ErrorAnswer: Decodable {
        let reason: String
    }
}

/// Why the weather of an episode could not be had.
struct WeatherError: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) { self.description = description }
}
