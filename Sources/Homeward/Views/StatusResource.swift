/// What a guardian needs to know at a glance: `{state, lastSeenSeconds, zone, wandering, lastSeenAt,
/// distanceFromHome, reporting}`.
public struct StatusResource: Sendable, Equatable, Encodable {
    /// `moving`, `stationary` or `unknown`.
    public var state: String
    /// Seconds since the person's phone last made an authenticated request or posted, or null if never.
    public var lastSeenSeconds: Int?
    /// The safe zone the person is in, or null.
    public var zone: String?
    /// The wandering episode in progress, or null.
    public var wandering: PersonStatus.Wandering?
    /// When the phone was last heard from (the moment `lastSeenSeconds` counts from), or null if never.
    public var lastSeenAt: Timestamp?
    /// Metres from the latest position to the centre of the home zone, or null without either.
    public var distanceFromHome: Double?
    /// How the phone is reporting against its own rhythm (fine, quiet, silent, the battery's
    /// estimated end), or null if it was never heard from.
    public var reporting: ReportingStatus?

    /// Creates a status.
    public init(
        state: String, lastSeenSeconds: Int?, zone: String?, wandering: PersonStatus.Wandering?,
        lastSeenAt: Timestamp? = nil, distanceFromHome: Double? = nil, reporting: ReportingStatus? = nil
    ) {
        self.state = state
        self.lastSeenSeconds = lastSeenSeconds
        self.zone = zone
        self.wandering = wandering
        self.lastSeenAt = lastSeenAt
        self.distanceFromHome = distanceFromHome
        self.reporting = reporting
    }

    private enum CodingKeys: String, CodingKey {
        case state, lastSeenSeconds, zone, wandering, lastSeenAt, distanceFromHome, reporting
    }

    /// Encodes every field, absent ones as null.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(state, forKey: .state)
        try container.encode(lastSeenSeconds, forKey: .lastSeenSeconds)
        try container.encode(zone, forKey: .zone)
        try container.encode(wandering, forKey: .wandering)
        try container.encode(lastSeenAt, forKey: .lastSeenAt)
        try container.encode(distanceFromHome, forKey: .distanceFromHome)
        try container.encode(reporting, forKey: .reporting)
    }
}
