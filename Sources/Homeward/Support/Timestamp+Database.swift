import HomewardStore

extension Timestamp: DatabaseValueConvertible {
    /// A time as the database stores it: Unix milliseconds in an integer column (`..._ms`).
    public var databaseValue: DatabaseValue { .integer(unixMilliseconds) }

    /// Reads an integer `..._ms` column; nil for any other stored value.
    public init?(databaseValue: DatabaseValue) {
        guard case .integer(let milliseconds) = databaseValue else { return nil }
        self.init(unixMilliseconds: milliseconds)
    }
}
