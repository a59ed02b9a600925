import Foundation
import HomewardGeo

/// A safe zone as the API shows it: `{id, name, center?, radius?, polygon?, home, timeZone,
/// schedule?, expected?, notifyOnEnter, unaccompanied?, createdAt}`. Only validated zones are ever built.
public struct ZoneResource: Sendable, Codable, Equatable {
    /// Opaque zone id.
    public var id: String
    /// The name guardians see.
    public var name: String
    /// A circle's centre.
    public var center: ZonePoint?
    /// A circle's radius in metres.
    public var radius: Double?
    /// A polygon's vertices.
    public var polygon: [ZonePoint]?
    /// Whether this is the person's home.
    public var home: Bool
    /// The IANA time zone the schedule and the rule are read in.
    public var timeZone: String
    /// When the zone applies; always when absent.
    public var schedule: [ZoneScheduleWindow]?
    /// The "there by" rule, if any.
    public var expected: ZoneArrivalRule?
    /// Whether entering raises an `entered_zone` alert.
    public var notifyOnEnter: Bool
    /// The `unaccompanied` rule, if it is on.
    public var unaccompanied: ZoneCompanionRule?
    /// When it was created.
    public var createdAt: Timestamp

    /// How far before and after the moment a tracker is built its zones know their time zone's
    /// offsets (a tracker lives far shorter: it is rebuilt when dropped or when a zone changes).
    static let offsetTableSpanSeconds = 2 * 366 * 86_400.0

    /// The zone as the tracker of a person living in `personTimeZone` sees it at `t`: a zone kept in
    /// another time zone carries that zone's offsets, so its schedule and rule are read in its own.
    public func safeZone(forPersonIn personTimeZone: String, at t: UnixSeconds) -> SafeZone {
        var zone = safeZone
        if timeZone != personTimeZone, let own = TimeZone(identifier: timeZone) {
            zone.timeZoneOffsets = UTCOffsetTable(
                own, from: t - Self.offsetTableSpanSeconds, to: t + Self.offsetTableSpanSeconds)
        }
        return zone
    }

    /// The zone as the geo tracker sees it, its schedule read in the person's time zone.
    public var safeZone: SafeZone {
        let shape: ZoneShape
        if let center, let radius {
            shape = .circle(Circle(center: Coordinate(lat: center.lat, lon: center.lon), radiusMetres: radius))
        } else {
            shape = .polygon(Polygon(vertices: (polygon ?? []).map { Coordinate(lat: $0.lat, lon: $0.lon) }))
        }
        let windows = (schedule ?? []).compactMap { window -> ScheduleWindow? in
            guard let days = LocalCalendar.weekdays(window.days), let start = LocalCalendar.secondOfDay(window.start),
                  let end = LocalCalendar.secondOfDay(window.end) else { return nil }
            return ScheduleWindow(days: days, startSecondOfDay: start, endSecondOfDay: end)
        }
        let rule = expected.flatMap { rule -> ExpectedPresenceRule? in
            guard let deadline = LocalCalendar.secondOfDay(rule.arriveBy) else { return nil }
            return ExpectedPresenceRule(
                deadlineSecondOfDay: deadline,
                days: rule.days.flatMap(LocalCalendar.weekdays) ?? Weekday.everyDay)
        }
        return SafeZone(
            id: id, name: name, shape: shape, isHome: home,
            schedule: schedule == nil ? nil : WeeklySchedule(windows: windows), expectedPresence: rule)
    }
}
