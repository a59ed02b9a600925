import CSQLite

/// The current row of a query, handed to a mapping closure.
///
/// An SQLite row reads straight from SQLite's buffers, without copying the row first, so it is only
/// valid inside the closure that received it; using it afterwards stops the program rather than
/// read another row's memory. Another engine's row comes as a `RowSource`, valid as long.
public struct Row {
    @usableFromInline let statement: Statement?
    @usableFromInline let generation: Int
    @usableFromInline let source: (any RowSource)?

    init(statement: Statement) {
        self.statement = statement
        self.generation = statement.generation
        self.source = nil
    }

    /// A row of another engine, read through `source`.
    public init(source: any RowSource) {
        self.statement = nil
        self.generation = 0
        self.source = source
    }

    /// How many columns the row has.
    public var columnCount: Int { statement?.columnCount ?? source?.columnCount ?? 0 }

    /// The name of the column at `index`.
    public func columnName(at index: Int) -> String {
        statement?.columnName(at: index) ?? source?.columnName(at: index) ?? ""
    }

    /// The SQL the row comes from.
    @usableFromInline var sql: String { statement?.sql ?? source?.sql ?? "" }

    /// The stored value at column `index` (from 0).
    @inlinable
    public func databaseValue(at index: Int) throws -> DatabaseValue {
        guard let statement else {
            guard let source else { throw DatabaseError.misuse("a row with nothing to read", sql: nil) }
            return try source.databaseValue(at: index)
        }
        try checkIndex(index, of: statement)
        return statement.columnValue(at: Int32(index))
    }

    /// The value at column `index` (from 0) as `Value`; NULL reads as nil only when `Value` is Optional.
    /// Inlinable, so that callers get it specialized for their `Value` (rows are read in hot loops).
    @inlinable
    public func value<Value: DatabaseValueConvertible>(at index: Int) throws -> Value {
        let stored = try databaseValue(at: index)
        guard let value = Value(databaseValue: stored) else {
            throw DatabaseError.mismatch(
                "column \(index) (\(columnName(at: index))) holds \(stored), not \(Value.self)", sql: sql)
        }
        return value
    }

    /// The value of the column called `name` as `Value`. Inlinable like `value(at:)`, so that a
    /// store reading by name gets the conversion specialized too.
    @inlinable
    public func value<Value: DatabaseValueConvertible>(named name: String) throws -> Value {
        guard let index = statement?.columnIndex(named: name) ?? source?.columnIndex(named: name) else {
            throw DatabaseError.misuse("no column named \(name)", sql: sql)
        }
        return try value(at: index)
    }

    /// Every value of the row, copied out.
    public func databaseValues() throws -> [DatabaseValue] {
        try (0..<columnCount).map { try databaseValue(at: $0) }
    }

    @usableFromInline
    func checkIndex(_ index: Int, of statement: Statement) throws {
        precondition(statement.generation == generation, "a Row was used outside the closure that received it")
        guard index >= 0, index < statement.columnCount else {
            throw DatabaseError.misuse("column index \(index) out of range 0..<\(statement.columnCount)", sql: statement.sql)
        }
    }
}

/// A row of an engine other than SQLite, read by column position; `Row` wraps it so that stores read
/// every engine's rows the same way.
public protocol RowSource {
    /// How many columns the row has.
    var columnCount: Int { get }
    /// The SQL the row comes from, for error messages.
    var sql: String { get }
    /// The name of the column at `index` (from 0).
    func columnName(at index: Int) -> String
    /// The index of the column called `name` (case-insensitive, as in SQL), nil when there is none.
    func columnIndex(named name: String) -> Int?
    /// The stored value at column `index` (from 0), converted to SQLite's storage classes.
    func databaseValue(at index: Int) throws -> DatabaseValue
}
