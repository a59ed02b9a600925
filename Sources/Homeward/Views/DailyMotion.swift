/// One day of `GET /v1/accounts/{id}/motion/daily`: `{date, steps, distance, activeMinutes}`.
struct DailyMotion: Encodable {
    /// The local date, `YYYY-MM-DD`.
    var date: String
    /// Steps that day.
    var steps: Int
    /// Metres covered that day.
    var distance: Double
    /// Minutes with a walking, running or cycling report, or with steps.
    var activeMinutes: Int
}
