/// One weekly window of a zone's schedule: `{days: ["mon", ...], start: "08:00", end: "15:00"}` in the
/// zone's time zone; an end before the start runs past midnight.
public struct ZoneScheduleWindow: Sendable, Codable, Equatable {
    /// Weekday names (`mon` ... `sun`).
    public var days: [String]
    /// Local opening time, `HH:MM`.
    public var start: String
    /// Local closing time, `HH:MM`.
    public var end: String

    /// Creates a window.
    public init(days: [String], start: String, end: String) {
        self.days = days
        self.start = start
        self.end = end
    }
}
