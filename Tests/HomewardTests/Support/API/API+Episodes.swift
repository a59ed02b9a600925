import HomewardGeo
@testable import Homeward

extension API {
    /// The body of `POST /v1/episodes`: a kind, when it began (and ended), where, what the weather was,
    /// and a note; times stay the wire's text.
    struct EpisodeRequest: Encodable {
        let kind, start: String
        var end: String?
        var location: Coordinate?
        var conditions: EpisodeConditions?
        var note: String?
    }

    /// The body of `PATCH /v1/episodes/{id}`: what to change; an empty note clears it.
    struct EpisodeUpdate: Encodable {
        var end: String?
        var note: String?
        var conditions: EpisodeConditions?
        var location: Coordinate?
    }

    /// One reading of `POST /v1/conditions`.
    struct ConditionReading: Encodable {
        let t: String
        var humidity: Double?
        var uvIndex: Double?
    }

    /// The body of `POST /v1/conditions`.
    struct ConditionReadings: Encodable {
        let readings: [ConditionReading]
    }
}
