import Foundation

/// Days in one IANA time zone: parsing `YYYY-MM-DD`, and the instants a day starts and ends.
struct CalendarDay {
    private let calendar: Calendar

    /// The calendar of zone `identifier` (`Europe/London`); 400 for an unknown zone.
    init(timeZone identifier: String?) throws(ValidationError) {
        guard let zone = TimeZone(identifier: identifier ?? "UTC") else {
            throw ValidationError("tz must be an IANA time zone such as Europe/London")
        }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        self.calendar = calendar
    }

    /// The start of the day containing `time`.
    func startOfDay(containing time: Timestamp) -> Timestamp {
        timestamp(calendar.startOfDay(for: date(time)))
    }

    /// The start of the day after the one starting at `start`.
    func startOfNextDay(after start: Timestamp) -> Timestamp {
        let next = calendar.date(byAdding: .day, value: 1, to: date(start)) ?? date(start.adding(milliseconds: Self.dayMilliseconds))
        return timestamp(calendar.startOfDay(for: next))
    }

    /// The start of day `text` (`YYYY-MM-DD`), or nil if it is not a date.
    func startOfDay(named text: String) -> Timestamp? {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
              let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]),
              let date = calendar.date(from: DateComponents(year: year, month: month, day: day)),
              calendar.component(.day, from: date) == day, calendar.component(.month, from: date) == month
        else { return nil }
        return timestamp(calendar.startOfDay(for: date))
    }

    /// The day starting at `start` as `YYYY-MM-DD`.
    func name(ofDayStarting start: Timestamp) -> String {
        let parts = calendar.dateComponents([.year, .month, .day], from: date(start))
        return String(format: "%04d-%02d-%02d", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0)
    }

    private static let dayMilliseconds: Int64 = 86_400_000

    private func date(_ time: Timestamp) -> Date {
        Date(timeIntervalSince1970: Double(time.unixMilliseconds) / 1000)
    }

    private func timestamp(_ date: Date) -> Timestamp {
        Timestamp(unixMilliseconds: Int64((date.timeIntervalSince1970 * 1000).rounded()))
    }
}
