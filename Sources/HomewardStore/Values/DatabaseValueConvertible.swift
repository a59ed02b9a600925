/// A Swift value that binds to a statement parameter and reads back from a result column.
public protocol DatabaseValueConvertible: Sendable {
    /// The value as SQLite stores it.
    var databaseValue: DatabaseValue { get }

    /// Reads the value from what SQLite returned, or nil when the stored value does not fit the type.
    init?(databaseValue: DatabaseValue)
}
