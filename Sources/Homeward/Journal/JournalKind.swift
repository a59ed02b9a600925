import HomewardStore

/// What a journal entry records.
public enum JournalKind: String, Codable, Sendable, CaseIterable {
    /// A drink of water: `millilitres`.
    case water
    /// Something eaten: `name`, `servings`, optionally `calories`, `carbs`, `protein`, `fat` per serving.
    case food
    /// A workout: `name`, `minutes`, optionally `calories` burned.
    case exercise
    /// A night's (or a nap's) sleep: `start` and `end`.
    case sleep
}

/// Stored as its raw text.
extension JournalKind: DatabaseValueConvertible {}
