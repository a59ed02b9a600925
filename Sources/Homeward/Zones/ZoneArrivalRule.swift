/// A zone's "there by" rule: `{arriveBy: "22:00", days?: ["mon", ...]}` in the zone's time zone; when
/// the person is not inside at that time an `expected_missed` alert is raised.
public struct ZoneArrivalRule: Sendable, Codable, Equatable {
    /// Local deadline, `HH:MM`.
    public var arriveBy: String
    /// Weekday names on which the rule applies; every day when absent.
    public var days: [String]?

    /// Creates a rule.
    public init(arriveBy: String, days: [String]? = nil) {
        self.arriveBy = arriveBy
        self.days = days
    }
}
