import HomewardHTTP

/// The parameters of `GET /v1/journal/daily` (`from` and `to` as local dates, both included, in
/// the IANA zone `tz`) and the arithmetic that sums entries into those days.
struct JournalDailyQuery: Sendable {
    /// The calendar of the caller's zone.
    let calendar: LocalCalendar
    /// The first day reported.
    let firstDay: LocalDate
    /// The last day reported.
    let lastDay: LocalDate

    /// Reads `tz`, `from` and `to`; without `to` the last day is today in `tz`, without `from` the
    /// range is the last `JournalLimits.defaultDailyRangeDays` days. 400 naming the parameter at fault.
    init(_ query: QueryParameters, now: Timestamp) throws(HTTPError) {
        calendar = try LocalCalendar(zoneParameter: query["tz"])
        lastDay = try query.date("to") ?? calendar.day(of: now)
        if let from = try query.date("from") {
            firstDay = from
        } else {
            var day = lastDay
            for _ in 1..<JournalLimits.defaultDailyRangeDays { day = calendar.day(before: day) }
            firstDay = day
        }
        guard firstDay <= lastDay else { throw .invalidRequest("from must not be after to", field: "from") }
        var count = 1
        var day = firstDay
        while day < lastDay {
            day = calendar.day(after: day)
            count += 1
            guard count <= JournalLimits.maxDailyRangeDays else {
                throw .invalidRequest("from and to may span at most \(JournalLimits.maxDailyRangeDays) days", field: "from")
            }
        }
    }

    /// The first moment of the first day.
    var start: Timestamp { calendar.start(of: firstDay) }

    /// The first moment after the last day.
    var end: Timestamp { calendar.end(of: lastDay) }

    /// Every day of the range, oldest first, with the totals of `entries` (sleep on the day it ends).
    func days(totalling entries: [JournalEntry]) -> [JournalDay] {
        var sums: [LocalDate: (water: Int, eaten: Double, burned: Double, exercise: Int, sleepMs: Int64,
                               carbs: Double, protein: Double, fat: Double)] = [:]
        for entry in entries {
            let day = calendar.day(of: entry.kind == .sleep ? entry.end ?? entry.t : entry.t)
            var sum = sums[day] ?? (0, 0, 0, 0, 0, 0, 0, 0)
            switch entry.kind {
            case .water:
                sum.water += entry.millilitres ?? 0
            case .food:
                let servings = entry.servings ?? 0
                sum.eaten += (entry.calories ?? 0) * servings
                sum.carbs += (entry.carbs ?? 0) * servings
                sum.protein += (entry.protein ?? 0) * servings
                sum.fat += (entry.fat ?? 0) * servings
            case .exercise:
                sum.exercise += entry.minutes ?? 0
                sum.burned += entry.calories ?? 0
            case .sleep:
                if let start = entry.start, let end = entry.end {
                    sum.sleepMs += end.unixMilliseconds - start.unixMilliseconds
                }
            }
            sums[day] = sum
        }
        var days: [JournalDay] = []
        var day = firstDay
        while day <= lastDay {
            var total = JournalDay(date: day)
            if let sum = sums[day] {
                total.waterMillilitres = sum.water
                total.calories = Int(sum.eaten.rounded())
                total.caloriesBurned = Int(sum.burned.rounded())
                total.exerciseMinutes = sum.exercise
                total.sleepMinutes = Int(sum.sleepMs / 60_000)
                total.carbsGrams = Int(sum.carbs.rounded())
                total.proteinGrams = Int(sum.protein.rounded())
                total.fatGrams = Int(sum.fat.rounded())
            }
            days.append(total)
            day = calendar.day(after: day)
        }
        return days
    }
}
