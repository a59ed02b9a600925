import CSQLite

/// The current row of a statement being stepped, handed to a mapping closure.
///
/// A row reads straight from SQLite's buffers, without copying the row first, so it is only valid
/// inside the closure that received it; using it afterwards stops the program rather than read
/// another row's memory.
public struct Row {
    @usableFromInline let statement: Statement
    @usableFromInline let generation: Int

    init(statement: Statement) {
        self.statement = statement
        self.generation = statement.generation
    }

    /// How many columns the row has.
    public var columnCount: Int { statement.columnCount }

    /// The name of the column at `index`.
    public func columnName(at index: Int) -> String {
        statement.columnName(at: index)
    }

    /// The stored value at column `index` (from 0).
    @inlinable
    public func databaseValue(at index: Int) throws -> DatabaseValue {
        try checkIndex(index)
        return statement.columnValue(at: Int32(index))
    }

    /// The value at column `index` (from 0) as `Value`; NULL reads as nil only when `Value` is Optional.
    /// Inlinable, so that callers get it specialized for their `Value` (rows are read in hot loops).
    @inlinable
    public func value<Value: DatabaseValueConvertible>(at index: Int) throws -> Value {
        let stored = try databaseValue(at: index)
        guard let value = Value(databaseValue: stored) else {
            throw DatabaseError.mismatch(
                "column \(index) (\(statement.columnName(at: index))) holds \(stored), not \(Value.self)",
                sql: statement.sql)
        }
        return value
    }

    /// The value of the column called `name` as `Value`. Inlinable like `value(at:)`, so that a
    /// store reading by name gets the conversion specialized too.
    @inlinable
    public func value<Value: DatabaseValueConvertible>(named name: String) throws -> Value {
        guard let index = statement.columnIndex(named: name) else {
            throw DatabaseError.misuse("no column named \(name)", sql: statement.sql)
        }
        return try value(at: index)
    }

    /// Every value of the row, copied out.
    public func databaseValues() throws -> [DatabaseValue] {
        try (0..<columnCount).map { try databaseValue(at: $0) }
    }

    @usableFromInline
    func checkIndex(_ index: Int) throws {
        precondition(statement.generation == generation, "a Row was used outside the closure that received it")
        guard index >= 0, index < statement.columnCount else {
            throw DatabaseError.misuse("column index \(index) out of range 0..<\(statement.columnCount)", sql: statement.sql)
        }
    }
}
