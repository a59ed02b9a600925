/// A day of the week, numbered as in ISO 8601 (Monday is 1).
public enum Weekday: Int, Sendable, Equatable, Hashable, Codable, CaseIterable {
    case monday = 1, tuesday, wednesday, thursday, friday, saturday, sunday

    /// Monday to Friday.
    public static let workdays: Set<Weekday> = [.monday, .tuesday, .wednesday, .thursday, .friday]
    /// Every day of the week.
    public static let everyDay = Set(Weekday.allCases)
}
