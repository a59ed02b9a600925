/// The ranges journal entries must fall in (API.md "Wellbeing journal"; the same bounds are CHECKs
/// in schema/0006_journal.sql).
enum JournalLimits {
    /// Water in one entry, at least, in millilitres.
    static let minWaterMillilitres = 1
    /// Water in one entry, at most, in millilitres.
    static let maxWaterMillilitres = 5000
    /// Characters of a food or exercise name, at most.
    static let maxNameCharacters = 200
    /// Servings of one food entry, at most (more than zero).
    static let maxServings = 100.0
    /// Calories per serving of food, or burned by one workout, at most, in kcal.
    static let maxCaloriesKilocalories = 10_000.0
    /// Grams of carbohydrate, protein or fat per serving, at most.
    static let maxMacroGrams = 1000.0
    /// Minutes of one workout, at least.
    static let minExerciseMinutes = 1
    /// Minutes of one workout, at most (a day).
    static let maxExerciseMinutes = 1440
    /// Length of one sleep, at most, in seconds (a day).
    static let maxSleepSeconds: Int64 = 24 * 3600
    /// How far in the future an entry's time may lie, to forgive a phone's clock, in seconds.
    static let maxFutureSkewSeconds: Int64 = 600
    /// Days one daily-totals request may cover, at most.
    static let maxDailyRangeDays = 366
    /// Characters of a water or exercise description, at most.
    static let maxDescriptionCharacters = 1000
    /// Bytes of a picture (water, food) or icon (exercise), JPEG or PNG, at most after base64 decoding.
    static let maxPictureBytes = 256 * 1024
    /// A food's serving size (in the unit the app shows, e.g. grams), at most (more than zero).
    static let maxServingSize = 10_000.0
    /// Days the daily totals cover when the request names no `from`: the last week.
    static let defaultDailyRangeDays = 7
}
