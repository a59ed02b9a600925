/// The hours of the day a person is habitually away from home: for each local hour, on how many
/// distinct days they had a fix there far from home. Someone who is out at 23:00 on evening after
/// evening is not off their routine at 23:00 merely by being away, wherever they are.
public struct AwayHours: Sendable, Equatable, Codable {
    private var days = [UInt16](repeating: 0, count: 24)
    private var lastDay = [Int32](repeating: .min, count: 24)

    /// No hour away yet.
    public init() {}

    /// Records a fix far from home at `time` (once a day per hour).
    public mutating func note(_ time: LocalTime) {
        let hour = min(23, Int(time.secondOfDay / 3_600))
        let day = Int32(clamping: time.dayNumber)
        guard lastDay[hour] != day else { return }
        lastDay[hour] = day
        days[hour] &+= 1
    }

    /// The most days before `time`'s day on which the person was away from home within
    /// `toleranceHours` of its hour (by hour, so days in two hours of the window are not added up).
    public func daysAway(near time: LocalTime, toleranceHours: Int) -> Int {
        let hour = min(23, Int(time.secondOfDay / 3_600))
        let today = Int32(clamping: time.dayNumber)
        return (-toleranceHours...toleranceHours).map { offset in
            let index = ((hour + offset) % 24 + 24) % 24
            return Int(days[index]) - (lastDay[index] == today ? 1 : 0)
        }.max() ?? 0
    }
}
