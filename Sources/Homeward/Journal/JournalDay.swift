/// The totals of one local day of a journal (`GET /v1/journal/daily`).
struct JournalDay: Encodable, Sendable, Equatable {
    /// The local date, `YYYY-MM-DD`.
    let date: LocalDate
    /// Water drunk, in millilitres.
    var waterMillilitres = 0
    /// Food eaten: servings × kcal per serving, rounded to whole kcal.
    var calories = 0
    /// Kcal burned by the day's workouts, rounded.
    var caloriesBurned = 0
    /// Minutes of exercise.
    var exerciseMinutes = 0
    /// Minutes of sleep that ended on this day, rounded down.
    var sleepMinutes = 0
    /// Grams of carbohydrate eaten, rounded.
    var carbsGrams = 0
    /// Grams of protein eaten, rounded.
    var proteinGrams = 0
    /// Grams of fat eaten, rounded.
    var fatGrams = 0
}
