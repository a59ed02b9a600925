import HomewardHTTP

/// The body of `POST /v1/conditions`: `{readings: [{t, temperatureC?, uvIndex?, humidity?, windSpeed?}]}`.
struct ConditionReadingsRequest: Decodable, Sendable {
    let readings: [ConditionReading]

    /// 400 naming the first reading that breaks a rule (e.g. `readings[3].humidity`).
    func validate(now: Timestamp) throws(HTTPError) {
        guard (1...EpisodeLimits.maxReadingsPerRequest).contains(readings.count) else {
            throw .invalidRequest("readings must hold 1 to \(EpisodeLimits.maxReadingsPerRequest) readings", field: "readings")
        }
        for (index, reading) in readings.enumerated() {
            let path = "readings[\(index)]"
            try EpisodeRules.checkNotInFuture(reading.t, field: "\(path).t", now: now)
            try reading.conditions.validate(at: path)
        }
    }
}
