/// One connection to the database, whichever engine holds it: what a store runs its SQL on, inside
/// the caller's read or write block.
///
/// Statements use `?` placeholders; an engine that numbers its parameters (PostgreSQL's `$1`)
/// renumbers them. Where the dialects differ a store asks `dialect`. Rows are read by column name
/// (`Row`), and every engine reports its failures as `DatabaseError`, so handlers never know which
/// engine runs. `SQLiteDatabase` is the embedded default; `PostgresConnection` (HomewardPostgres)
/// the server one.
public protocol Database: AnyObject {
    /// The SQL dialect the connection speaks.
    var dialect: SQLDialect { get }

    /// Runs one statement with arguments by position (or, on SQLite, by name).
    func execute(_ sql: String, arguments: StatementArguments) throws

    /// Runs the statement of the SQL literal `sql` with the parameters `bind` binds in order: for
    /// rows written in hot loops. A literal's statement is found without hashing its text.
    func execute(literal sql: StaticString, binding bind: (inout ParameterBinder) -> Void) throws

    /// Runs `sql` with the parameters `bind` binds in order: for statements built once at start
    /// (a multi-row INSERT) and run in hot loops.
    func execute(_ sql: String, binding bind: (inout ParameterBinder) -> Void) throws

    /// Calls `body` with each row of the query, in order.
    func query(_ sql: String, _ arguments: StatementArguments, _ body: (Row) throws -> Void) throws

    /// Runs the queries of `batch` in order, each one's rows read and then its `finish` run; an engine
    /// across a network sends them in one round trip.
    func run(_ batch: QueryBatch) throws

    /// The first row of the query mapped by `map`, or nil when there is none; the rest are not read.
    func fetchOne<Value>(_ sql: String, _ arguments: StatementArguments, map: (Row) throws -> Value) throws -> Value?

    /// The first row of the query of the SQL literal `sql`, mapped by `map`, or nil when there is none.
    func fetchOne<Value>(literal sql: StaticString, _ arguments: StatementArguments, map: (Row) throws -> Value) throws -> Value?

    /// How many rows the last INSERT, UPDATE or DELETE changed.
    var changes: Int { get }

    /// Whether a transaction is open.
    var isInTransaction: Bool { get }

    /// What the open transaction's blocks registered (`afterCommit`, `onRollback`) and how deep its
    /// savepoints nest: kept by each connection, used by this protocol's extension and by the
    /// engine's own transactions (which run the hooks on COMMIT or ROLLBACK).
    var transactionState: TransactionState { get set }

    /// The storage of the write cache `id` on this connection, made by `make` on first use; nil when
    /// the connection keeps no write caches (a read-only connection, or an engine where other
    /// servers write the same rows).
    func writeCacheStorage(_ id: ObjectIdentifier, make: () -> AnyObject) -> AnyObject?

    /// Empties every write cache of this connection: after anything that may have undone or changed
    /// rows behind them (a rollback, a deletion that cascades).
    func invalidateWriteCaches()

    /// Whether `execute(_:expectingChanges:binding:)` holds writes back to send them later (a
    /// writer across a network); a caller able to predict a write's effect then should.
    var defersWrites: Bool { get }

    /// Runs the write of `sql`, which the caller predicts changes exactly `expectedChanges` rows,
    /// with the parameters `bind` binds in order. An engine across a network that `defersWrites`
    /// sends it later, with the next statement or the commit, in one round trip; a failure or another
    /// count of changed rows then fails the transaction. Otherwise it runs at once, and another count
    /// throws.
    func execute(_ sql: String, expectingChanges expectedChanges: Int, binding bind: (inout ParameterBinder) -> Void) throws

    /// Inserts `count` rows of `shape`, with the values `bind` binds row after row, each predicted to
    /// change one row. An engine across a network that `defersWrites` sends them later, with the rows
    /// other blocks of the transaction inserted meanwhile in one statement; a failure or another count
    /// of changed rows then fails the transaction. Otherwise they run at once, and another count throws.
    func insertRows(_ shape: RowInsert, count: Int, binding bind: (inout ParameterBinder) -> Void) throws

    /// Runs a savepoint statement of `inSavepoint`. An engine across a network may hold it back and
    /// send it with the next statement, in one round trip, or not at all when nothing ran in the
    /// savepoint (`PostgresConnection`); a failure then surfaces at that statement, or at the commit.
    func execute(_ statement: SavepointStatement) throws
}

extension Database {
    /// Runs the queries one after another.
    public func run(_ batch: QueryBatch) throws {
        for query in batch.queries {
            try self.query(query.sql, query.arguments, query.row)
            try query.finish()
        }
    }

    /// Runs it at once, as any statement.
    public func execute(_ statement: SavepointStatement) throws {
        try execute(statement.sql, arguments: [])
    }

    /// False: an embedded engine runs every statement at once.
    public var defersWrites: Bool { false }

    /// Runs the rows' statement at once; another count of changed rows than `count` throws.
    public func insertRows(_ shape: RowInsert, count: Int, binding bind: (inout ParameterBinder) -> Void) throws {
        try execute(count == 1 ? shape.oneRowSQL : shape.valuesSQL(rows: count), expectingChanges: count, binding: bind)
    }

    /// Runs the write at once; another count of changed rows than `expectedChanges` throws.
    public func execute(_ sql: String, expectingChanges expectedChanges: Int, binding bind: (inout ParameterBinder) -> Void) throws {
        try execute(sql, binding: bind)
        guard changes == expectedChanges else {
            throw DatabaseError.misuse("a write predicted to change \(expectedChanges) rows changed \(changes)", sql: sql)
        }
    }
}

extension Database {
    /// Runs one statement with positional arguments: `execute("INSERT INTO t VALUES (?, ?)", 1, "a")`.
    public func execute(_ sql: String, _ values: (any DatabaseValueConvertible)?...) throws {
        try execute(sql, arguments: StatementArguments(values))
    }

    /// Calls `body` with each row of the query.
    public func query(_ sql: String, _ body: (Row) throws -> Void) throws {
        try query(sql, [], body)
    }

    /// Every row of the query, mapped by `map`.
    public func fetchAll<Value>(_ sql: String, _ arguments: StatementArguments = [],
                                map: (Row) throws -> Value) throws -> [Value] {
        var values: [Value] = []
        try query(sql, arguments) { values.append(try map($0)) }
        return values
    }

    /// The first row of the query mapped by `map`, or nil when there is none.
    public func fetchOne<Value>(_ sql: String, map: (Row) throws -> Value) throws -> Value? {
        try fetchOne(sql, [], map: map)
    }

    /// The first column of every row, as `Value`.
    @inlinable
    public func fetchAll<Value: DatabaseValueConvertible>(_ sql: String, _ arguments: StatementArguments = []) throws -> [Value] {
        try fetchAll(sql, arguments) { try $0.value(at: 0) }
    }

    /// The first column of the first row as `Value`, or nil when there is no row (or it is NULL).
    @inlinable
    public func fetchOne<Value: DatabaseValueConvertible>(_ sql: String, _ arguments: StatementArguments = []) throws -> Value? {
        try fetchOne(sql, arguments) { try $0.value(at: 0) as Value? } ?? nil
    }
}

extension Database {
    /// Runs `action` once the transaction open now commits, on the thread that commits it (for a
    /// `DatabasePool`, the writer, before the next group begins); never, if the work of the current
    /// write block, savepoint or transaction rolls back. Outside a transaction it runs at once: the
    /// statement before it has committed already.
    public func afterCommit(_ action: @escaping () -> Void) {
        guard isInTransaction else { return action() }
        transactionState.hooks.afterCommit(action)
    }

    /// Runs `undo` if the work of the current write block, savepoint or transaction rolls back, so a
    /// change made to memory at once (a tracker only the writer reads) is taken back with the rows.
    /// Undo actions run newest first. Outside a transaction nothing can roll back: it is dropped.
    public func onRollback(_ undo: @escaping () -> Void) {
        guard isInTransaction else { return }
        transactionState.hooks.onRollback(undo)
    }

    /// Runs `body` in a savepoint, which nests inside transactions and other savepoints: when it
    /// throws only its own changes (and the hooks it registered) roll back.
    public func inSavepoint<Result>(_ body: () throws -> Result) throws -> Result {
        let name = "homeward_savepoint_\(transactionState.savepointDepth)"
        try execute(SavepointStatement.create(name))
        transactionState.savepointDepth += 1
        defer { transactionState.savepointDepth -= 1 }
        let mark = transactionState.hooks.mark
        let result: Result
        do {
            result = try body()
        } catch {
            invalidateWriteCaches()
            transactionState.hooks.rollBack(to: mark)
            // SQLite may already have rolled the whole transaction back after some errors.
            if isInTransaction {
                try execute(SavepointStatement.rollBack(name))
                try execute(SavepointStatement.release(name))
            }
            throw error
        }
        try execute(SavepointStatement.release(name))
        return result
    }
}

/// A connection's transaction bookkeeping: the hooks its blocks registered and its savepoint depth.
public struct TransactionState {
    /// What the open transaction's blocks asked to run on commit or rollback.
    public var hooks = TransactionHookList()
    /// How many savepoints are open.
    public var savepointDepth = 0

    /// No hooks, no savepoint.
    public init() {}
}

/// The SQL dialect of a connection, for the few statements the engines spell differently.
public enum SQLDialect: String, Sendable {
    /// SQLite 3.40 or later.
    case sqlite
    /// PostgreSQL 13 or later.
    case postgresql
}
