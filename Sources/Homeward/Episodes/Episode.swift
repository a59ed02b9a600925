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
    /// Conditions the phone recorded.
    public var conditions: EpisodeConditions
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
        case id, kind, start, end, location, conditions, note, createdAt, updatedAt, durationSeconds
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
        try container.encodeIfPresent(note, forKey: .note)
        try container.encode(createdAt, forKey: .createdAt)
        try container.encode(updatedAt, forKey: .updatedAt)
        try container.encodeIfPresent(durationSeconds, forKey: .durationSeconds)
    }
}
