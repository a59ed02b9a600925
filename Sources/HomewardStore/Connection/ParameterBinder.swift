import CSQLite

/// Binds a statement's `?` parameters one after another, in place: for rows written in hot loops,
/// where building a `StatementArguments` array for each row costs more than SQLite's own work.
/// Only numbers and NULL, which SQLite copies as it binds. For another engine it collects the
/// values instead (`collected`).
public struct ParameterBinder: ~Copyable {
    /// The SQLite statement bound to, or nil when collecting.
    private let handle: OpaquePointer?
    /// How many parameters are bound so far.
    private(set) var count: Int32 = 0
    /// The first code other than SQLITE_OK that a bind returned.
    private(set) var failure: Int32 = SQLITE_OK
    /// The values bound so far, when collecting.
    public private(set) var collected: [DatabaseValue] = []

    init(handle: OpaquePointer) {
        self.handle = handle
    }

    /// A binder that collects the values in order, for an engine that takes them all at once.
    public init() {
        self.handle = nil
    }

    /// Binds the next parameter to `value`.
    public mutating func bind(_ value: Int64) {
        count += 1
        guard let handle else { return collected.append(.integer(value)) }
        record(sqlite3_bind_int64(handle, count, value))
    }

    /// Binds the next parameter to `value`, or NULL.
    public mutating func bind(_ value: Int64?) {
        if let value { bind(value) } else { bindNull() }
    }

    /// Binds the next parameter to `value`.
    public mutating func bind(_ value: Double) {
        count += 1
        guard let handle else { return collected.append(.real(value)) }
        record(sqlite3_bind_double(handle, count, value))
    }

    /// Binds the next parameter to `value`, or NULL.
    public mutating func bind(_ value: Double?) {
        if let value { bind(value) } else { bindNull() }
    }

    /// Binds the next parameter to NULL.
    public mutating func bindNull() {
        count += 1
        guard let handle else { return collected.append(.null) }
        record(sqlite3_bind_null(handle, count))
    }

    private mutating func record(_ code: Int32) {
        if code != SQLITE_OK, failure == SQLITE_OK { failure = code }
    }
}
