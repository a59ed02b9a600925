/// What the routine remembers of one grid cell: on how many distinct local days the person was
/// there, the last such day, and at which hours (one bit per hour of a workday, one per hour of a
/// weekend day), the hours of the last day apart so that today never makes itself usual.
public struct RoutineCell: Sendable, Equatable, Codable {
    /// Distinct local days with a fix (or a path) in the cell (stops counting at 65,535).
    public var days: UInt16 = 0
    /// The last of those days (days since 1970-01-01, local).
    public var lastDay = Int32.min
    /// Bits 0–23: hours of workdays seen here before `lastDay`; bits 24–47: hours of weekend days.
    public var hours: UInt64 = 0
    /// The hours seen on `lastDay`, in the same layout.
    public var lastDayHours: UInt64 = 0
    /// Distinct local days on which the person stayed in the cell (see `RoutineModel`).
    public var stayDays: UInt16 = 0
    /// The last of those days.
    public var lastStayDay = Int32.min

    /// Records a stay on `day` (counted once a day).
    public mutating func stay(day: Int) {
        guard Int(lastStayDay) != day else { return }
        lastStayDay = Int32(clamping: day)
        stayDays = stayDays == .max ? stayDays : stayDays + 1
    }

    /// Records a visit at the hour `bit` on `day` (days come in order).
    public mutating func visit(hourBit bit: UInt64, day: Int) {
        if Int(lastDay) != day {
            hours |= lastDayHours
            lastDayHours = 0
            days = days == .max ? days : days + 1
            lastDay = Int32(clamping: day)
        }
        lastDayHours |= bit
    }

    /// Days in the cell before `today` (today's visit is not yet a habit).
    public func daysBefore(_ today: Int) -> Int { Int(lastDay) == today ? Int(days) - 1 : Int(days) }

    /// Whether the person was here before `today` within `tolerance` hours of `hour` on the same kind of day, or
    /// within one hour on the other kind.
    public func covers(hour: Int, weekend: Bool, toleranceHours tolerance: Int, today: Int) -> Bool {
        let hours = Int(lastDay) == today ? self.hours : self.hours | lastDayHours
        let same = weekend ? 24 : 0, other = weekend ? 0 : 24
        for delta in -tolerance...tolerance where hours & (1 << UInt64(same + (hour + delta + 24) % 24)) != 0 {
            return true
        }
        for delta in -1...1 where hours & (1 << UInt64(other + (hour + delta + 24) % 24)) != 0 { return true }
        return false
    }
}
