import CSQLite

/// Binds a statement's `?` parameters one after another, in place: for rows written in hot loops,
/// where building a `StatementArguments` array for each row costs more than SQLite's own work.
/// Only numbers and NULL, which SQLite copies as it binds.
public struct ParameterBinder: ~Copyable {
    private let handle: OpaquePointer
    /// How many parameters are bound so far.
    private(set) var count: Int32 = 0
    /// The first code other than SQLITE_OK that a bind returned.
    private(set) var failure: Int32 = SQLITE_OK

    init(handle: OpaquePointer) {
        self.handle = handle
    }

    /// Binds the next parameter to `value`.
    public mutating func bind(_ value: Int64) {
        count += 1
        record(sqlite3_bind_int64(handle, count, value))
    }

    /// Binds the next parameter to `value`, or NULL.
    public mutating func bind(_ value: Int64?) {
        if let value { bind(value) } else { bindNull() }
    }

    /// Binds the next parameter to `value`.
    public mutating func bind(_ value: Double) {
        count += 1
        record(sqlite3_bind_double(handle, count, value))
    }

    /// Binds the next parameter to `value`, or NULL.
    public mutating func bind(_ value: Double?) {
        if let value { bind(value) } else { bindNull() }
    }

    /// Binds the next parameter to NULL.
    public mutating func bindNull() {
        count += 1
        record(sqlite3_bind_null(handle, count))
    }

    private mutating func record(_ code: Int32) {
        if code != SQLITE_OK, failure == SQLITE_OK { failure = code }
    }
}
