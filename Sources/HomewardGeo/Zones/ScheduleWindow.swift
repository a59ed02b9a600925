/// A stretch of local time on some weekdays, such as 08:00–15:00 on workdays.
public struct ScheduleWindow: Sendable, Equatable, Codable {
    /// The weekdays on which the window opens.
    public var days: Set<Weekday>
    /// Opening time, seconds after local midnight.
    public var startSecondOfDay: Double
    /// Closing time, seconds after local midnight; earlier than the start means the window runs past midnight.
    public var endSecondOfDay: Double

    /// Creates a window opening at `startSecondOfDay` on `days` and closing at `endSecondOfDay`.
    public init(days: Set<Weekday>, startSecondOfDay: Double, endSecondOfDay: Double) {
        self.days = days
        self.startSecondOfDay = startSecondOfDay
        self.endSecondOfDay = endSecondOfDay
    }

    /// Whether the window is open at `time`.
    public func contains(_ time: LocalTime) -> Bool {
        if startSecondOfDay <= endSecondOfDay {
            return days.contains(time.weekday) && time.secondOfDay >= startSecondOfDay && time.secondOfDay < endSecondOfDay
        }
        if days.contains(time.weekday), time.secondOfDay >= startSecondOfDay { return true }
        let yesterday = Weekday(rawValue: (time.weekday.rawValue + 5) % 7 + 1) ?? .sunday
        return days.contains(yesterday) && time.secondOfDay < endSecondOfDay
    }
}
