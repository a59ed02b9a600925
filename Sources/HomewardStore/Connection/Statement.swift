import CSQLite

/// A prepared SQL statement of one connection, reused from the connection's cache.
///
/// Every helper binds, steps, then resets the statement and clears its bindings, so a cached
/// statement never holds a read lock or a stale argument between uses.
public final class Statement {
    /// The SQL text the statement was prepared from.
    public let sql: String
    let handle: OpaquePointer
    private let connection: OpaquePointer
    /// Changes whenever the statement moves, so that a `Row` can detect use after its step.
    @usableFromInline private(set) var generation = 0
    private var isStepping = false
    /// The index of each result column by its name as written and lowercased (the first column of a
    /// name wins), so that the usual lookup, with the name as the SQL spells it, allocates nothing.
    private lazy var columnIndexes: [String: Int] = {
        var indexes: [String: Int] = [:]
        for index in 0..<columnCount {
            let name = columnName(at: index)
            if indexes[name] == nil { indexes[name] = index }
            if indexes[name.lowercased()] == nil { indexes[name.lowercased()] = index }
        }
        return indexes
    }()
    /// Each result column's name when looking it up finds that very column (nil for a later column
    /// of a name already taken): what the lookup hint compares with.
    private lazy var hintNames: [String?] = (0..<columnCount).map { index in
        let name = columnName(at: index)
        return columnIndexes[name] == index ? name : nil
    }
    /// The column after the one last looked up by name. Rows are nearly always read in the order of
    /// the SELECT list, so the next name asked for is most often this column's, and one string
    /// comparison finds it without hashing the name.
    private var nextNamedColumn = 0

    init(handle: OpaquePointer, connection: OpaquePointer, sql: String) {
        self.handle = handle
        self.connection = connection
        self.sql = sql
    }

    deinit {
        sqlite3_finalize(handle)
    }

    /// How many columns a row of this statement has.
    public var columnCount: Int { Int(sqlite3_column_count(handle)) }

    /// The name of result column `index`.
    public func columnName(at index: Int) -> String {
        sqlite3_column_name(handle, Int32(index)).map { String(cString: $0) } ?? ""
    }

    /// The index of the result column called `name` (case-insensitive, as in SQL; the first column
    /// of a name). A name spelled as the SQL spells it allocates nothing, and read in the order of
    /// the SELECT list costs one string comparison.
    public func columnIndex(named name: String) -> Int? {
        let hint = nextNamedColumn
        let index: Int?
        if hint < hintNames.count, hintNames[hint] == name {
            index = hint
        } else {
            index = columnIndexes[name] ?? columnIndexes[name.lowercased()]
        }
        if let index { nextNamedColumn = index + 1 }
        return index
    }

    /// Runs the statement to completion with `arguments`, ignoring any rows.
    public func execute(_ arguments: StatementArguments = []) throws {
        try withArguments(arguments) {
            while try step() {}
        }
    }

    /// Runs the statement to completion with the parameters `bind` binds in order (every one of them),
    /// ignoring any rows.
    public func execute(binding bind: (inout ParameterBinder) -> Void) throws {
        // Only numbers are bound, which SQLite copied: no bindings to clear afterwards.
        try inUse(clearingBindings: false) {
            var binder = ParameterBinder(handle: handle)
            bind(&binder)
            guard binder.failure == SQLITE_OK else {
                throw DatabaseError.lastError(on: connection, code: binder.failure, sql: sql)
            }
            let parameterCount = sqlite3_bind_parameter_count(handle)
            guard binder.count == parameterCount else {
                throw DatabaseError.misuse("statement takes \(parameterCount) arguments, \(binder.count) given", sql: sql)
            }
            while try step() {}
        }
    }

    /// Calls `body` with each row.
    public func forEachRow(_ arguments: StatementArguments = [], _ body: (Row) throws -> Void) throws {
        try withArguments(arguments) {
            while try step() {
                try body(Row(statement: self))
            }
        }
    }

    /// Every row, mapped by `map`.
    public func fetchAll<Value>(_ arguments: StatementArguments = [], map: (Row) throws -> Value) throws -> [Value] {
        var values: [Value] = []
        try forEachRow(arguments) { values.append(try map($0)) }
        return values
    }

    /// The first row mapped by `map`, or nil when there is none.
    public func fetchOne<Value>(_ arguments: StatementArguments = [], map: (Row) throws -> Value) throws -> Value? {
        try withArguments(arguments) {
            try step() ? map(Row(statement: self)) : nil
        }
    }

    private func withArguments<Result>(_ arguments: StatementArguments, _ body: () throws -> Result) throws -> Result {
        try inUse(clearingBindings: true) {
            try bind(arguments)
            return try body()
        }
    }

    /// Runs `body` with the statement reset before and after (and its bindings cleared after, when
    /// asked); refuses to start while the statement is already stepping.
    private func inUse<Result>(clearingBindings: Bool, _ body: () throws -> Result) throws -> Result {
        // Re-running the same SQL from inside its own row closure would reset the outer loop.
        guard !isStepping else {
            throw DatabaseError.misuse("statement is already being stepped; it cannot run again from inside its own rows", sql: sql)
        }
        isStepping = true
        reset()
        defer {
            reset()
            if clearingBindings { sqlite3_clear_bindings(handle) }
            isStepping = false
        }
        return try body()
    }

    private func reset() {
        generation &+= 1
        sqlite3_reset(handle)
    }

    private func step() throws -> Bool {
        generation &+= 1
        let code = sqlite3_step(handle)
        switch code {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        default: throw DatabaseError.lastError(on: connection, code: code, sql: sql)
        }
    }

    private func bind(_ arguments: StatementArguments) throws {
        let parameterCount = Int(sqlite3_bind_parameter_count(handle))
        let given = arguments.positional.count + arguments.named.count
        guard given == parameterCount else {
            throw DatabaseError.misuse("statement takes \(parameterCount) arguments, \(given) given", sql: sql)
        }
        for (offset, value) in arguments.positional.enumerated() {
            try bind(value, at: Int32(offset + 1))
        }
        for (name, value) in arguments.named {
            let parameter = name.first == ":" ? name : ":" + name
            let index = sqlite3_bind_parameter_index(handle, parameter)
            guard index > 0 else {
                throw DatabaseError.misuse("no parameter named \(parameter)", sql: sql)
            }
            try bind(value, at: index)
        }
    }

    private func bind(_ value: DatabaseValue, at index: Int32) throws {
        let code: Int32
        switch value {
        case .null:
            code = sqlite3_bind_null(handle, index)
        case .integer(let integer):
            code = sqlite3_bind_int64(handle, index, integer)
        case .real(let real):
            code = sqlite3_bind_double(handle, index, real)
        case .text(var text):
            code = text.withUTF8 { bytes in
                // An empty buffer may have no base address, which SQLite would bind as NULL.
                guard let start = bytes.baseAddress, !bytes.isEmpty else {
                    return sqlite3_bind_text(handle, index, "", 0, homeward_sqlite3_transient())
                }
                return start.withMemoryRebound(to: CChar.self, capacity: bytes.count) {
                    sqlite3_bind_text64(handle, index, $0, UInt64(bytes.count), homeward_sqlite3_transient(), UInt8(SQLITE_UTF8))
                }
            }
        case .blob(let bytes):
            code = bytes.withUnsafeBytes { buffer in
                guard let start = buffer.baseAddress, !buffer.isEmpty else {
                    return sqlite3_bind_zeroblob(handle, index, 0)
                }
                return sqlite3_bind_blob64(handle, index, start, UInt64(buffer.count), homeward_sqlite3_transient())
            }
        }
        guard code == SQLITE_OK else {
            throw DatabaseError.lastError(on: connection, code: code, sql: sql)
        }
    }

    @usableFromInline
    func columnValue(at index: Int32) -> DatabaseValue {
        switch sqlite3_column_type(handle, index) {
        case SQLITE_INTEGER:
            return .integer(sqlite3_column_int64(handle, index))
        case SQLITE_FLOAT:
            return .real(sqlite3_column_double(handle, index))
        case SQLITE_TEXT:
            // Text first, then its length, as SQLite's documentation prescribes.
            guard let start = sqlite3_column_text(handle, index) else { return .text("") }
            let count = Int(sqlite3_column_bytes(handle, index))
            return .text(String(decoding: UnsafeBufferPointer(start: start, count: count), as: UTF8.self))
        case SQLITE_BLOB:
            guard let start = sqlite3_column_blob(handle, index) else { return .blob([]) }
            let count = Int(sqlite3_column_bytes(handle, index))
            return .blob(Array(UnsafeRawBufferPointer(start: start, count: count)))
        default:
            return .null
        }
    }
}
