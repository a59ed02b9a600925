/// "At home by 22:00": the person should be inside the zone at a local deadline on some weekdays.
public struct ExpectedPresenceRule: Sendable, Equatable, Codable {
    /// The deadline, seconds after local midnight.
    public var deadlineSecondOfDay: Double
    /// The weekdays on which the rule applies.
    public var days: Set<Weekday>

    /// Creates a rule with a deadline on `days` (every day by default).
    public init(deadlineSecondOfDay: Double, days: Set<Weekday> = Weekday.everyDay) {
        self.deadlineSecondOfDay = deadlineSecondOfDay
        self.days = days
    }
}
