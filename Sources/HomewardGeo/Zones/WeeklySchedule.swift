/// When a safe zone applies: a set of weekly windows in the person's local time.
public struct WeeklySchedule: Sendable, Equatable, Codable {
    /// The windows; the schedule is active when any of them is open.
    public var windows: [ScheduleWindow]

    /// Creates a schedule from its windows.
    public init(windows: [ScheduleWindow]) {
        self.windows = windows
    }

    /// Whether the schedule is active at `time`.
    public func isActive(at time: LocalTime) -> Bool {
        windows.contains { $0.contains(time) }
    }
}
