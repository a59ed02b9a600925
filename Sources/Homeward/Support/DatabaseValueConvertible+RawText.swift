import HomewardStore

extension DatabaseValueConvertible where Self: RawRepresentable, RawValue == String {
    /// The case stored as its raw text, for enums such as `JournalKind` and `ShareScope`.
    public var databaseValue: DatabaseValue { .text(rawValue) }

    /// Reads a stored case; nil for text that names none.
    public init?(databaseValue: DatabaseValue) {
        guard case .text(let text) = databaseValue else { return nil }
        self.init(rawValue: text)
    }
}
