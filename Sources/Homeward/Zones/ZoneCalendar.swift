import HomewardGeo

/// Reads the local times (`HH:MM`) and weekday names (`mon` ... `sun`) of zone schedules and rules.
enum ZoneCalendar {
    /// The weekday names in ISO order, Monday first.
    static let weekdayNames = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"]

    /// Seconds after midnight of `HH:MM` (00:00 to 23:59), or nil.
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
