/// One journal entry as stored and as the API shows it; the fields of other kinds are nil.
public struct JournalEntry: Encodable, Sendable, Equatable {
    /// The opaque entry id.
    public let id: String
    /// What the entry records.
    public let kind: JournalKind
    /// When it happened (for sleep, the end unless the phone gave another time).
    public let t: Timestamp
    /// Water: millilitres drunk.
    public let millilitres: Int?
    /// Food: the dish; exercise: the activity.
    public let name: String?
    /// Food: servings eaten.
    public let servings: Double?
    /// Food: kcal per serving; exercise: kcal burned.
    public let calories: Double?
    /// Food: grams of carbohydrate per serving.
    public let carbs: Double?
    /// Food: grams of protein per serving.
    public let protein: Double?
    /// Food: grams of fat per serving.
    public let fat: Double?
    /// Exercise: minutes of activity.
    public let minutes: Int?
    /// Sleep: when it began.
    public let start: Timestamp?
    /// Sleep: when it ended; the day it ends is the day it counts for.
    public let end: Timestamp?
    /// When the server stored the entry.
    public let createdAt: Timestamp
}
