import Foundation
import HomewardGeo
import HomewardHTTP

/// A guardian's quiet hours: `{start: "22:00", end: "07:00", timeZone: "Europe/Berlin"}`, every day;
/// an end before the start runs past midnight, and an end equal to the start means all day, with what
/// was held sent once a day at that time. Ordinary alerts that come in the quiet hours wait for
/// their end; an SOS, a countdown's danger and every escalation are never held back.
public struct QuietHours: Sendable, Codable, Equatable {
    /// When they begin, local `HH:MM`.
    public var start: String
    /// When they end, local `HH:MM`.
    public var end: String
    /// The IANA time zone the times are read in.
    public var timeZone: String

    /// Creates quiet hours.
    public init(start: String, end: String, timeZone: String) {
        self.start = start
        self.end = end
        self.timeZone = timeZone
    }

    /// Checks the times and the zone; 400 with the field at fault otherwise.
    public func validate() throws(HTTPError) {
        guard LocalCalendar.secondOfDay(start) != nil else { throw .invalidRequest("start must be HH:MM, such as 22:00.", field: "start") }
        guard LocalCalendar.secondOfDay(end) != nil else { throw .invalidRequest("end must be HH:MM, such as 07:00.", field: "end") }
        guard TimeZone(identifier: timeZone) != nil else {
            throw .invalidRequest("timeZone must be an IANA time zone such as Europe/London.", field: "timeZone")
        }
    }

    /// When the quiet hours that hold `time` end; nil when `time` is not in them.
    public func end(ofQuietHoursAt time: Timestamp) -> Timestamp? {
        guard let startSecond = LocalCalendar.secondOfDay(start), let endSecond = LocalCalendar.secondOfDay(end),
              let zone = TimeZone(identifier: timeZone) else { return nil }
        let seconds = Double(time.unixMilliseconds) / 1000
        let offset = zone.secondsFromGMT(for: Date(timeIntervalSince1970: seconds))
        let local = LocalTime(t: seconds, utcOffsetSeconds: offset)
        let window = ScheduleWindow(days: Weekday.everyDay, startSecondOfDay: startSecond, endSecondOfDay: endSecond)
        guard startSecond == endSecond || window.contains(local) else { return nil }
        let endDay = local.secondOfDay < endSecond ? local.dayNumber : local.dayNumber + 1
        let guess = LocalTime.moment(dayNumber: endDay, secondOfDay: endSecond, utcOffsetSeconds: offset)
        // The offset at the end may differ (a daylight-saving change in the night).
        let endOffset = zone.secondsFromGMT(for: Date(timeIntervalSince1970: guess))
        let moment = LocalTime.moment(dayNumber: endDay, secondOfDay: endSecond, utcOffsetSeconds: endOffset)
        return Timestamp(unixMilliseconds: Int64((max(moment, seconds) * 1000).rounded()))
    }
}
