import Foundation
import HomewardGeo
import HomewardHTTP

/// Calendar days in one IANA time zone: which day a moment falls on, and when a day begins; and the
/// local clock times (`HH:MM`) and weekday names (`mon` ... `sun`) of zone schedules and quiet hours.
struct LocalCalendar: Sendable {
    /// The zone the days are counted in.
    let timeZone: TimeZone
    private let calendar: Calendar

    /// The calendar of the IANA zone named by the `tz` query parameter (UTC when nil); 400 with
    /// field `tz` for a zone the system does not know.
    init(zoneParameter identifier: String?) throws(HTTPError) {
        guard let zone = TimeZone(identifier: identifier ?? "UTC") else {
            throw .invalidRequest("tz must be an IANA time zone such as Europe/Berlin", field: "tz")
        }
        timeZone = zone
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        self.calendar = calendar
    }

    /// The local day `time` falls on.
    func day(of time: Timestamp) -> LocalDate {
        let date = Date(timeIntervalSince1970: Double(time.unixMilliseconds) / 1000)
        let parts = calendar.dateComponents([.year, .month, .day], from: date)
        return LocalDate(year: parts.year!, month: parts.month!, day: parts.day!)
    }

    /// The first moment of `day` (its midnight, or the first moment after it where a clock change skips midnight).
    func start(of day: LocalDate) -> Timestamp {
        let parts = DateComponents(year: day.year, month: day.month, day: day.day)
        let date = calendar.date(from: parts)!
        return Timestamp(unixMilliseconds: Int64((date.timeIntervalSince1970 * 1000).rounded()))
    }

    /// The first moment after `day` (the start of the next day).
    func end(of day: LocalDate) -> Timestamp {
        start(of: self.day(after: day))
    }

    /// The day after `day`.
    func day(after day: LocalDate) -> LocalDate {
        Self.shift(day, byDays: 1)
    }

    /// The day before `day`.
    func day(before day: LocalDate) -> LocalDate {
        Self.shift(day, byDays: -1)
    }

    private static let civil: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar
    }()

    private static func shift(_ day: LocalDate, byDays count: Int) -> LocalDate {
        let date = civil.date(from: DateComponents(year: day.year, month: day.month, day: day.day + count))!
        let parts = civil.dateComponents([.year, .month, .day], from: date)
        return LocalDate(year: parts.year!, month: parts.month!, day: parts.day!)
    }

    /// The weekday names in ISO order, Monday first.
    private static let weekdayNames = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"]

    /// Seconds after midnight of the clock time `HH:MM` (00:00 to 23:59), or nil.
    static func secondOfDay(_ text: String) -> Double? {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard text.count == 5, parts.count == 2, let hours = Int(parts[0]), let minutes = Int(parts[1]),
              (0..<24).contains(hours), (0..<60).contains(minutes) else { return nil }
        return Double(hours * 3_600 + minutes * 60)
    }

    /// The weekdays named in `names`, or nil when one is unknown or the list is empty.
    static func weekdays(_ names: [String]) -> Set<Weekday>? {
        var days: Set<Weekday> = []
        for name in names {
            guard let index = weekdayNames.firstIndex(of: name.lowercased()),
                  let day = Weekday(rawValue: index + 1) else { return nil }
            days.insert(day)
        }
        return days.isEmpty ? nil : days
    }
}
