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

extension JournalKind: DatabaseValueConvertible {
    /// The kind as stored in `journal_entries.kind`.
    public var databaseValue: DatabaseValue { .text(rawValue) }

    /// Reads a stored kind; nil for text that names none.
    public init?(databaseValue: DatabaseValue) {
        guard case .text(let text) = databaseValue else { return nil }
        self.init(rawValue: text)
    }
}
