import HomewardGeo

/// A symptom episode as stored and as the API shows it.
public struct Episode: Encodable, Sendable, Equatable {
    /// The opaque episode id.
    public let id: String
    /// Free text, trimmed and lower-cased, e.g. `headache`.
    public let kind: String
    /// When it began.
    public let start: Timestamp
    /// When it ended; nil while it goes on.
    public var end: Timestamp?
    /// Where the person was when it began.
    public var location: Coordinate?
    /// Conditions the phone recorded, or the server filled in from the weather provider.
    public var conditions: EpisodeConditions
    /// Who gave `conditions`; nil while there are none.
    public var conditionsSource: ConditionsSource?
    /// The person's own words.
    public var note: String?
    /// When the server stored it.
    public let createdAt: Timestamp
    /// When it last changed.
    public var updatedAt: Timestamp

    /// Seconds from start to end; nil while open.
    public var durationSeconds: Double? {
        end.map { Double($0.unixMilliseconds - start.unixMilliseconds) / 1000 }
    }

    private enum CodingKeys: String, CodingKey {
        case id, kind, start, end, location, conditions, conditionsSource, note, createdAt, updatedAt, durationSeconds
    }

    /// Encodes the episode with its `durationSeconds`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(kind, forKey: .kind)
        try container.encode(start, forKey: .start)
        try container.encodeIfPresent(end, forKey: .end)
        try container.encodeIfPresent(location, forKey: .location)
        try container.encode(conditions, forKey: .conditions)
        try container.encodeIfPresent(conditionsSource, forKey: .conditionsSource)
        try container.encodeIfPresent(note, forKey: .note)
        try container.encode(createdAt, forKey: .createdAt)
        try container.encode(updatedAt, forKey: .updatedAt)
        try container.encodeIfPresent(durationSeconds, forKey: .durationSeconds)
    }
}

/// Who gave an episode's conditions.
public enum ConditionsSource: String, Codable, Sendable {
    /// The phone or the person sent them.
    case client
    /// The server filled them in from the weather provider at the episode's place and hour.
    case server
}
