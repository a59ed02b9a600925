/// A moment read on the person's wall clock: the local day, weekday and second of the day.
public struct LocalTime: Sendable, Equatable {
    /// Days since 1970-01-01 in local time.
    public let dayNumber: Int
    /// ISO weekday of the local day.
    public let weekday: Weekday
    /// Seconds since local midnight, 0..<86,400.
    public let secondOfDay: Double

    /// Reads `t` on a clock that is `utcOffsetSeconds` ahead of UTC.
    public init(t: UnixSeconds, utcOffsetSeconds: Int) {
        let local = t + Double(utcOffsetSeconds)
        let day = (local / 86_400).rounded(.down)
        dayNumber = Int(day)
        secondOfDay = local - day * 86_400
        // 1970-01-01 was a Thursday (ISO weekday 4).
        let index = ((dayNumber + 3) % 7 + 7) % 7
        weekday = Weekday(rawValue: index + 1) ?? .monday
    }

    /// The UTC moment of `secondOfDay` on this local day, for a clock `utcOffsetSeconds` ahead of UTC.
    public static func moment(dayNumber: Int, secondOfDay: Double, utcOffsetSeconds: Int) -> UnixSeconds {
        Double(dayNumber) * 86_400 + secondOfDay - Double(utcOffsetSeconds)
    }
}
