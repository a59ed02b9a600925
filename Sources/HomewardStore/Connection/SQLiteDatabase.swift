import CSQLite
import Foundation

/// One SQLite connection, used by one thread at a time.
///
/// Opened with `SQLITE_OPEN_NOMUTEX` (the pool confines each connection to one thread at a time)
/// and `SQLITE_OPEN_EXRESCODE` (errors carry extended codes). A read-write connection switches the
/// file to WAL with `synchronous=FULL` (a `DatabasePool` lowers its writer's to NORMAL and syncs the log
/// itself) and `foreign_keys=ON`; a read-only one sets `query_only`.
public final class SQLiteDatabase: Database {
    /// SQLite's.
    public var dialect: SQLDialect { .sqlite }
    /// The file this connection opened.
    public let path: String
    /// Whether this connection may write.
    public let access: DatabaseAccess
    let handle: OpaquePointer
    private let maxCachedStatements: Int
    private var statements: [String: Statement] = [:]
    /// Statements of SQL literals, by the literal's address: a finite set, never evicted.
    private var literalStatements: [UInt: Statement] = [:]
    private var isClosed = false
    /// The storages of `WriteCacheSlot`s, by slot; emptied by `invalidateWriteCaches()`.
    @usableFromInline var writeCaches: [ObjectIdentifier: AnyObject] = [:]
    /// `PRAGMA data_version` when `noticeOtherConnectionsCommits()` last looked.
    private var lastDataVersion: Int64?
    /// The open transaction's hooks and savepoint depth (`Database`).
    public var transactionState = TransactionState()

    /// Opens (and for `.readWrite` creates) the database at `path`.
    public init(path: String, access: DatabaseAccess = .readWrite, configuration: DatabaseConfiguration = .init()) throws {
        _ = SQLiteLibrary.isConfigured
        self.path = path
        self.access = access
        self.maxCachedStatements = configuration.maxCachedStatements
        var flags = SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_EXRESCODE
        flags |= access == .readWrite ? SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE : SQLITE_OPEN_READONLY
        var opened: OpaquePointer?
        let code = sqlite3_open_v2(path, &opened, flags, nil)
        guard code == SQLITE_OK, let opened else {
            let error = DatabaseError.lastError(on: opened, code: code, sql: nil)
            sqlite3_close_v2(opened)
            throw DatabaseError(extendedResultCode: error.extendedResultCode,
                                message: "cannot open \(path): \(error.message)")
        }
        handle = opened
        do {
            try configure(with: configuration)
        } catch {
            close()
            throw error
        }
    }

    deinit {
        close()
    }

    private func configure(with configuration: DatabaseConfiguration) throws {
        sqlite3_extended_result_codes(handle, 1)
        sqlite3_busy_timeout(handle, configuration.busyTimeoutMilliseconds)
        try execute(sql: "PRAGMA temp_store = MEMORY; PRAGMA cache_size = -\(configuration.cacheSizeKibibytes)")
        switch access {
        case .readWrite:
            let mode: String? = try fetchOne("PRAGMA journal_mode = WAL")
            guard mode?.lowercased() == "wal" || path == ":memory:" else {
                throw DatabaseError.misuse("\(path) cannot switch to WAL (journal_mode is \(mode ?? "unknown"))")
            }
            try execute(sql: "PRAGMA synchronous = FULL; PRAGMA foreign_keys = ON")
        case .readOnly:
            try execute(sql: "PRAGMA query_only = ON")
        }
    }

    /// Closes the connection; statements still held elsewhere keep it alive until they are released.
    public func close() {
        guard !isClosed else { return }
        isClosed = true
        statements.removeAll()
        literalStatements.removeAll()
        sqlite3_close_v2(handle)
    }

    // MARK: Statements

    /// The prepared statement for `sql` (exactly one statement), from this connection's cache.
    public func statement(_ sql: String) throws -> Statement {
        if let cached = statements[sql] {
            return cached
        }
        let statement = try prepare(sql)
        if statements.count >= maxCachedStatements {
            statements.removeAll()
        }
        statements[sql] = statement
        return statement
    }

    /// The prepared statement for the SQL literal `sql`, cached by the literal's address rather than
    /// by hashing its text: for statements run once per row or per transaction.
    public func statement(literal sql: StaticString) throws -> Statement {
        let key = UInt(bitPattern: sql.utf8Start)
        if let cached = literalStatements[key] {
            return cached
        }
        let statement = try prepare(sql.description)
        literalStatements[key] = statement
        return statement
    }

    private func prepare(_ sql: String) throws -> Statement {
        var prepared: OpaquePointer?
        var remainder = ""
        let code = sql.withCString { start in
            var tail: UnsafePointer<CChar>?
            let code = sqlite3_prepare_v3(handle, start, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &prepared, &tail)
            if let tail {
                remainder = String(cString: tail)
            }
            return code
        }
        guard code == SQLITE_OK else {
            sqlite3_finalize(prepared)
            throw DatabaseError.lastError(on: handle, code: code, sql: sql)
        }
        guard let prepared else {
            throw DatabaseError.misuse("no SQL statement to prepare", sql: sql)
        }
        guard remainder.allSatisfy({ $0.isWhitespace || $0 == ";" }) else {
            sqlite3_finalize(prepared)
            throw DatabaseError.misuse("statement() takes one SQL statement; use execute(sql:) for scripts", sql: sql)
        }
        return Statement(handle: prepared, connection: handle, sql: sql)
    }

    // MARK: Executing

    /// Runs a script of one or more statements without arguments (schema changes, pragmas).
    public func execute(sql: String) throws {
        try sql.withCString { start in
            var next: UnsafePointer<CChar>? = start
            while let current = next, current.pointee != 0 {
                var prepared: OpaquePointer?
                let code = sqlite3_prepare_v2(handle, current, -1, &prepared, &next)
                guard code == SQLITE_OK else {
                    let failed = String(cString: current).trimmingCharacters(in: .whitespacesAndNewlines)
                    throw DatabaseError.lastError(on: handle, code: code, sql: failed)
                }
                guard let prepared else { continue }
                defer { sqlite3_finalize(prepared) }
                var stepCode = sqlite3_step(prepared)
                while stepCode == SQLITE_ROW {
                    stepCode = sqlite3_step(prepared)
                }
                guard stepCode == SQLITE_DONE else {
                    let failed = sqlite3_sql(prepared).map { String(cString: $0).trimmingCharacters(in: .whitespacesAndNewlines) }
                    throw DatabaseError.lastError(on: handle, code: stepCode, sql: failed)
                }
            }
        }
    }

    /// Runs one statement with arguments by position or by name.
    public func execute(_ sql: String, arguments: StatementArguments) throws {
        try statement(sql).execute(arguments)
    }

    /// Runs the statement of the SQL literal `sql` with the parameters `bind` binds in order.
    public func execute(literal sql: StaticString, binding bind: (inout ParameterBinder) -> Void) throws {
        try statement(literal: sql).execute(binding: bind)
    }

    /// Runs `sql` with the parameters `bind` binds in order.
    public func execute(_ sql: String, binding bind: (inout ParameterBinder) -> Void) throws {
        try statement(sql).execute(binding: bind)
    }

    /// Calls `body` with each row of the query.
    public func query(_ sql: String, _ arguments: StatementArguments, _ body: (Row) throws -> Void) throws {
        try statement(sql).forEachRow(arguments, body)
    }

    /// The first row of the query mapped by `map`, or nil when there is none.
    public func fetchOne<Value>(_ sql: String, _ arguments: StatementArguments, map: (Row) throws -> Value) throws -> Value? {
        try statement(sql).fetchOne(arguments, map: map)
    }

    /// The first row of the query of the SQL literal `sql` mapped by `map`, or nil when there is none.
    public func fetchOne<Value>(literal sql: StaticString, _ arguments: StatementArguments, map: (Row) throws -> Value) throws -> Value? {
        try statement(literal: sql).fetchOne(arguments, map: map)
    }

    /// The rowid of the last row this connection inserted.
    public var lastInsertRowID: Int64 { sqlite3_last_insert_rowid(handle) }

    /// How many rows the last INSERT, UPDATE or DELETE changed.
    public var changes: Int { Int(sqlite3_changes64(handle)) }

    // MARK: Transactions

    /// Whether a transaction is open (SQLite may also end one on its own after some errors).
    public var isInTransaction: Bool { sqlite3_get_autocommit(handle) == 0 }

    /// Runs `body` in a transaction: commits when it returns, rolls back when it throws.
    public func inTransaction<Result>(_ kind: TransactionKind = .deferred, _ body: () throws -> Result) throws -> Result {
        // Every read runs in one of these: literal statements, found without building or hashing text.
        switch kind {
        case .deferred: try statement(literal: "BEGIN DEFERRED").execute()
        case .immediate: try statement(literal: "BEGIN IMMEDIATE").execute()
        }
        let mark = transactionState.hooks.mark
        let result: Result
        do {
            result = try body()
        } catch {
            undoTransaction(since: mark)
            throw error
        }
        do {
            try statement(literal: "COMMIT").execute()
        } catch {
            undoTransaction(since: mark)
            throw error
        }
        transactionState.hooks.commit()
        return result
    }

    /// Rolls the open transaction back and takes back what was cached or hooked since `mark`.
    private func undoTransaction(since mark: Int) {
        invalidateWriteCaches()
        if isInTransaction {
            try? statement(literal: "ROLLBACK").execute()
        }
        transactionState.hooks.rollBack(to: mark)
    }

    // MARK: Write caches

    /// Empties every `WriteCacheSlot` of this connection: after anything that may have undone or
    /// changed rows behind them (a rollback, a deletion that cascades).
    public func invalidateWriteCaches() {
        if !writeCaches.isEmpty { writeCaches.removeAll() }
    }

    /// The storage of write cache `id`, made on first use; nil on a read-only connection, which
    /// keeps none.
    @inlinable
    public func writeCacheStorage(_ id: ObjectIdentifier, make: () -> AnyObject) -> AnyObject? {
        guard access == .readWrite else { return nil }
        if let existing = writeCaches[id] { return existing }
        let storage = make()
        writeCaches[id] = storage
        return storage
    }

    /// Empties the write caches if another connection committed since the last call (`PRAGMA
    /// data_version`); the writer calls it when it begins a group, so that a change made by another
    /// process (an admin's sqlite3, `homeward prune`) is never hidden by a cache.
    public func noticeOtherConnectionsCommits() throws {
        let version = try statement(literal: "PRAGMA data_version").fetchOne { try $0.value(at: 0) as Int64 }
        if version != lastDataVersion {
            if lastDataVersion != nil { invalidateWriteCaches() }
            lastDataVersion = version
        }
    }
}
