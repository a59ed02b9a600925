/// The body of `GET /v1/journal/daily`.
struct JournalDailyTotals: Encodable, Sendable {
    /// Every day of the range, oldest first, days without entries included with zeros.
    let days: [JournalDay]
}
