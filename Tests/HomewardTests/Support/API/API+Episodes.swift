@testable import Homeward

extension API {
    /// The body of `POST /v1/episodes`: a kind, when it began (and ended), and what the weather was;
    /// times stay the wire's text.
    struct EpisodeRequest: Encodable {
        let kind: String
        let start: String
        var end: String?
        var conditions: EpisodeConditions?
    }

    /// One reading of `POST /v1/conditions`.
    struct ConditionReading: Encodable {
        let t: String
        var humidity: Double?
    }

    /// The body of `POST /v1/conditions`.
    struct ConditionReadings: Encodable {
        let readings: [ConditionReading]
    }
}
