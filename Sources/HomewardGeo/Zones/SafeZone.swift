/// A place where the person is expected to be safe: home, school, a day centre.
public struct SafeZone: Sendable, Equatable, Codable, Identifiable {
    /// The zone's id as the app stores it.
    public var id: String
    /// The name guardians see.
    public var name: String
    /// The outline.
    public var shape: ZoneShape
    /// Whether this is the person's home (distance from home, time away, night departures).
    public var isHome: Bool
    /// When the zone applies; nil means always. Outside the schedule no enter/leave events are raised.
    public var schedule: WeeklySchedule?
    /// An optional "be here by" rule.
    public var expectedPresence: ExpectedPresenceRule?
    /// The offsets of the zone's own time zone, in which its schedule and rule are read; nil reads
    /// them in the person's (each fix's `utcOffsetSeconds`).
    public var timeZoneOffsets: UTCOffsetTable?

    /// Creates a zone.
    public init(
        id: String, name: String, shape: ZoneShape, isHome: Bool = false, schedule: WeeklySchedule? = nil,
        expectedPresence: ExpectedPresenceRule? = nil, timeZoneOffsets: UTCOffsetTable? = nil
    ) {
        self.id = id
        self.name = name
        self.shape = shape
        self.isHome = isHome
        self.schedule = schedule
        self.expectedPresence = expectedPresence
        self.timeZoneOffsets = timeZoneOffsets
    }

    /// `t` in the zone's local time: its own time zone's, or the person's `utcOffsetSeconds`.
    public func localTime(at t: UnixSeconds, personUTCOffsetSeconds: Int) -> LocalTime {
        LocalTime(t: t, utcOffsetSeconds: timeZoneOffsets?.utcOffsetSeconds(at: t) ?? personUTCOffsetSeconds)
    }

    /// Whether the zone applies at `time` (always, when it has no schedule).
    public func isActive(at time: LocalTime) -> Bool {
        schedule?.isActive(at: time) ?? true
    }
}
