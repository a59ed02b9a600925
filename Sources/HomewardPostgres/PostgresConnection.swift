import CLibPQ
import HomewardStore
import Logging
#if canImport(Glibc)
import Glibc
#endif

/// One connection to a PostgreSQL server on libpq: statements with `?` (or `$n`) parameters,
/// prepared once per connection and reused, rows read by column name, transactions with commit and
/// rollback hooks, savepoints, and LISTEN/NOTIFY. It is a `Database`, so the stores run on it.
///
/// Not thread-safe: one thread uses a connection at a time (a pool hands it out).
public final class PostgresConnection: Database {
    private let connection: OpaquePointer
    /// The name of the server-side prepared statement of each SQL text run on this connection.
    private var preparedNames: [String: String] = [:]
    /// Counts the times `preparedNames` was emptied, so a name is never used twice.
    private var preparedGeneration = 0
    /// At most this many statements stay prepared on a connection: 256, as SQLite's statement cache.
    static let maxPreparedStatements = 256
    /// Held-back rows of a shape that can be copied (`RowInsert.copySQL`) go by `COPY` when at least
    /// this many share one statement: 200. A `COPY` costs two round trips of its own and ends the
    /// pipeline it would have joined, and saves the server about 6 µs a row (no `unnest` arrays to
    /// read, no speculative insertion for `ON CONFLICT`, rows written to the table page by page):
    /// worth it for uploads of many fixes, not for a group of single posts. One block's own rows of
    /// this many go as soon as the block holds them back, their answer read only before the next
    /// statement is sent (`copyInFlight`): the server stores them while the block goes on.
    static let minCopiedRows = 200
    /// How many `COPY`s of held-back rows this connection sent (the tests' view of which way rows went).
    private(set) var copiesSent = 0
    /// How many pipelines were sent (each one round trip), for the tests.
    private(set) var pipelinesSent = 0
    /// Whether a transaction is open.
    public private(set) var isInTransaction = false
    /// How many rows the last INSERT, UPDATE or DELETE changed.
    public private(set) var changes = 0
    /// The open transaction's hooks and savepoint depth (`Database`).
    public var transactionState = TransactionState()
    /// Statements not sent yet: transaction control (the transaction's BEGIN, savepoints) and the
    /// writes whose answer nobody waits for (`execute(_:expectingChanges:binding:)`). They go
    /// ahead of the next statement in one round trip (libpq's pipeline mode), or with the COMMIT, so a
    /// write block costs no round trips of its own; a savepoint or transaction in which nothing ran is
    /// never sent at all, nor a savepoint around writes that were only held back.
    private var heldBack: [HeldBackStatement] = []

    /// Whether writes whose effect the caller predicts are held back (`defersWrites`): set by the
    /// node's group writer, which runs a group again without it when a prediction was wrong.
    public var defersPredictedWrites = false

    /// Whether the write caches are kept during a transaction (`writeCacheStorage`): set on the node's
    /// writing connection. They live for one transaction only, since other nodes change the same rows
    /// between transactions; within one, the transaction's snapshot and its own writes are all it sees.
    public var keepsWriteCaches = false
    /// The storages of the write caches of the open transaction, by slot.
    private var writeCaches: [ObjectIdentifier: AnyObject] = [:]
    /// The first failure of a held-back write in the open transaction: the COMMIT throws it even if
    /// the statement it surfaced at had its error caught, so a wrong prediction is never committed.
    private var heldBackFailure: PostgresError?

    /// Receives the notices and warnings the server sends on this connection (after the log has them).
    public var onServerNotice: ((PostgresServerNotice) -> Void)?

    /// A read-only transaction's COMMIT was sent without waiting for its answer: it is read (and
    /// the connection leaves pipeline mode) before anything else is sent.
    private var commitAnswerUnread = false
    /// A `COPY` of one block's many held-back rows (`insertRows`), sent without waiting for its
    /// answer, so that the server stores the rows while the node judges them (an upload of a phone's
    /// buffer: the rows go in before the fixes are judged, and the judging needs nothing back). Its
    /// answer, and the count of rows it must have stored, are read before anything else is sent.
    private var copyInFlight: (sql: String, expectedChanges: Int)?

    /// A statement `heldBack` holds, and the savepoint it creates, if it does.
    private struct HeldBackStatement {
        let sql: String
        var createdSavepoint: String?
        var beginsTransaction = false
        /// A held-back write: its prepared statement, its parameters and the rows it must change.
        var write: HeldBackWrite?
        /// Held-back rows (`insertRows`), merged with the rows of the same shape around them when sent.
        var rows: HeldBackRows?

        /// Whether it is a held-back write (whose answer nobody waits for).
        var isWrite: Bool { write != nil || rows != nil }
    }

    /// Rows `insertRows` held back: their shape, the name of its columnar statement, and their values
    /// row after row.
    private struct HeldBackRows {
        let shape: RowInsert
        let name: String
        let values: [DatabaseValue]
        let count: Int
    }

    /// A write sent later: what `execute(_:expectingChanges:binding:)` was given.
    private struct HeldBackWrite {
        let name: String
        let texts: [String?]
        let expectedChanges: Int
    }

    /// One query of a pipeline: without parameters, or a prepared statement with its parameters (and,
    /// for a held-back write, the rows it must change).
    private enum PipelineQuery {
        case plain(String)
        case prepared(name: String, texts: [String?], sql: String, expectedChanges: Int?)
        /// Held-back rows sent by a prepared statement whose parameters are arrays in PostgreSQL's
        /// binary form (`values`).
        case preparedBinary(name: String, values: [[UInt8]], sql: String, expectedChanges: Int)
        /// Held-back rows sent by `COPY … FROM STDIN (FORMAT binary)` (`data`), outside any pipeline.
        case copy(sql: String, data: [UInt8], expectedChanges: Int)

        var sql: String {
            switch self {
            case .plain(let sql), .prepared(_, _, let sql, _), .preparedBinary(_, _, let sql, _), .copy(let sql, _, _): sql
            }
        }

        /// The rows a held-back write must change; nil for a statement whose answer is read.
        var expectedChanges: Int? {
            switch self {
            case .plain: nil
            case .prepared(_, _, _, let expected): expected
            case .preparedBinary(_, _, _, let expected), .copy(_, _, let expected): expected
            }
        }

        var isCopy: Bool {
            if case .copy = self { return true }
            return false
        }

        init(_ statement: HeldBackStatement) {
            if let write = statement.write {
                self = .prepared(name: write.name, texts: write.texts, sql: statement.sql, expectedChanges: write.expectedChanges)
            } else {
                self = .plain(statement.sql)
            }
        }
    }

    /// Connects to `url` (`postgres://user:password@host:port/database?sslmode=…`, or any libpq
    /// connection string) and checks the server is usable.
    public init(url: String) throws(PostgresError) {
        guard let connection = PQconnectdb(url) else {
            throw PostgresError(sqlState: "", message: "libpq could not allocate a connection")
        }
        guard PQstatus(connection) == CONNECTION_OK else {
            let message = Self.message(of: connection)
            PQfinish(connection)
            throw PostgresError(sqlState: "", message: message)
        }
        self.connection = connection
        // The server's notices go to the log, not to standard error as libpq prints them.
        PQsetNoticeReceiver(connection, { context, result in
            guard let context, let result else { return }
            Unmanaged<PostgresConnection>.fromOpaque(context).takeUnretainedValue().received(notice: result)
        }, Unmanaged.passUnretained(self).toOpaque())
        // Times are stored as integers and text is UTF-8 whatever the server's default.
        try executeScript("SET client_encoding TO 'UTF8'")
    }

    /// Where the server's notices are logged.
    private static let noticeLogger = Logger(label: "homeward.postgres")

    private func received(notice result: OpaquePointer) {
        let field = { (code: Character) in
            PQresultErrorField(result, Int32(code.asciiValue ?? 0)).map { String(cString: $0) } ?? ""
        }
        let notice = PostgresServerNotice(severity: field("V"), sqlState: field("C"), message: field("M"))
        let level: Logger.Level = switch notice.severity {
        case "WARNING": .warning
        case "NOTICE": .notice
        case "INFO": .info
        default: .debug
        }
        Self.noticeLogger.log(level: level, "PostgreSQL: \(notice.message)", metadata: [
            "severity": "\(notice.severity)", "sqlstate": "\(notice.sqlState)"])
        onServerNotice?(notice)
    }

    deinit {
        PQfinish(connection)
    }

    /// Whether the connection is still up (libpq's view after the last call).
    public var isConnected: Bool { PQstatus(connection) == CONNECTION_OK }

    /// The server's version, as `150020` for 15.20.
    public var serverVersion: Int { Int(PQserverVersion(connection)) }

    /// The process id of the server process serving this connection (a notification's
    /// `senderProcessID` when this connection sent it).
    public var serverProcessID: Int { Int(PQbackendPID(connection)) }

    /// PostgreSQL's.
    public var dialect: SQLDialect { .postgresql }

    /// Runs `sql` (one statement; `?` or `$n` parameters) with `arguments`; `changes` then says how
    /// many rows it changed.
    public func execute(_ sql: String, arguments: StatementArguments) throws {
        let result = try run(sql, arguments)
        defer { PQclear(result) }
        changes = Int(String(cString: PQcmdTuples(result))) ?? 0
    }

    /// Runs the statement of `sql` with the parameters `bind` binds in order.
    public func execute(literal sql: StaticString, binding bind: (inout ParameterBinder) -> Void) throws {
        try execute(sql.description, binding: bind)
    }

    /// Runs `sql` with the parameters `bind` binds in order.
    public func execute(_ sql: String, binding bind: (inout ParameterBinder) -> Void) throws {
        var binder = ParameterBinder()
        bind(&binder)
        try execute(sql, arguments: StatementArguments(values: binder.collected))
    }

    /// Runs several statements without parameters in one round trip (a migration's script), after
    /// the transaction-control statements held back.
    public func executeScript(_ sql: String) throws(PostgresError) {
        try readUnreadAnswers()
        try sendHeldBackWrites()
        let script = (heldBack.map(\.sql) + [sql]).joined(separator: ";\n")
        heldBack = []
        guard let result = PQexec(connection, script) else { throw failure(sql: sql) }
        defer { PQclear(result) }
        try check(result, sql: sql)
    }

    /// Holds the savepoint statement back until the next statement (see `heldBack`). A savepoint
    /// rolled back before anything in it was sent is dropped unsent with what it held back; one
    /// released holding only held-back writes is dropped too (such a write never fails alone: when one
    /// does, the group writer runs the whole group again without holding writes back).
    public func execute(_ statement: SavepointStatement) throws {
        if case .create(let name) = statement {
            heldBack.append(HeldBackStatement(sql: statement.sql, createdSavepoint: name))
            return
        }
        // Not sent yet: what follows it in `heldBack` was not sent either.
        if let created = heldBack.lastIndex(where: { $0.createdSavepoint == statement.name }) {
            let held = created + 1..<heldBack.count
            if case .rollBack = statement {
                heldBack.removeSubrange(held)
                return
            }
            if heldBack[held].allSatisfy(\.isWrite) {
                heldBack.remove(at: created)
                return
            }
        }
        heldBack.append(HeldBackStatement(sql: statement.sql))
    }

    /// Whether `execute(_:expectingChanges:binding:)` holds writes back: on the node's writer,
    /// inside a transaction, unless the group runs again after a wrong prediction.
    public var defersWrites: Bool { defersPredictedWrites && isInTransaction }

    /// Runs the write of `text`, which the caller predicts changes `expectedChanges` rows, without
    /// waiting for its answer when `defersWrites`: it is sent with the next statement or the COMMIT,
    /// in one round trip, and a failure or another count of changed rows then fails the transaction
    /// with an error whose `isHeldBackWriteFailure` is true. Otherwise it runs at once, and another
    /// count of changed rows throws the same error.
    public func execute(
        _ text: String, expectingChanges expectedChanges: Int, binding bind: (inout ParameterBinder) -> Void
    ) throws {
        var binder = ParameterBinder()
        bind(&binder)
        let arguments = StatementArguments(values: binder.collected)
        guard defersWrites else {
            try execute(text, arguments: arguments)
            guard changes == expectedChanges else { throw Self.wrongPrediction(changes, expectedChanges, sql: text, heldBack: false) }
            return
        }
        readUnreadCommitAnswer()
        let name = try preparedName(for: text, parameterCount: arguments.positional.count)
        let texts = try arguments.positional.map { value throws(PostgresError) in try Self.text(of: value, sql: text) }
        heldBack.append(HeldBackStatement(sql: text, write: HeldBackWrite(name: name, texts: texts, expectedChanges: expectedChanges)))
    }

    /// Inserts `count` rows of `shape` with the values `bind` binds row after row, each predicted to
    /// change one row. When `defersWrites` they are held back, and sent with the rows of the same shape
    /// held back around them (other blocks' fixes, other accounts' latest positions) in one statement
    /// of one array a column (`RowInsert.columnarSQL`), the next time held-back statements go; at least
    /// `minCopiedRows` of them that can be copied go at once by `COPY`, whose answer is read before the
    /// next statement (`copyInFlight`). A failure or another count of changed rows then fails the
    /// transaction (`isHeldBackWriteFailure`). Otherwise they run at once, in one statement whatever
    /// their number, and another count throws.
    public func insertRows(_ shape: RowInsert, count: Int, binding bind: (inout ParameterBinder) -> Void) throws {
        var binder = ParameterBinder()
        bind(&binder)
        let values = binder.collected
        guard count > 0, values.count == count * shape.columns.count else {
            throw PostgresError(
                sqlState: "08P01", message: "\(values.count) values bound for \(count) rows of \(shape.columns.count) columns",
                sql: shape.columnarSQL)
        }
        guard defersWrites else {
            let merged = MergedRows(HeldBackRows(shape: shape, name: "", values: values, count: count))
            try execute(shape.columnarSQL, arguments: StatementArguments(values: try merged.columnTexts().map { .text($0) }))
            guard changes == count else { throw Self.wrongPrediction(changes, count, sql: shape.columnarSQL, heldBack: false) }
            return
        }
        if count >= Self.minCopiedRows, let copySQL = shape.copySQL,
           let data = MergedRows(HeldBackRows(shape: shape, name: "", values: values, count: count)).copyData(rows: count) {
            // One block's many rows (an upload of a phone's buffer) go at once, inside the block's
            // savepoint, with what was held back before them; their answer is read before the next
            // statement, so the server stores them while the block goes on judging the fixes.
            try readUnreadAnswers()
            try sendHeldBack()
            try sendCopy(sql: copySQL, data: data)
            copyInFlight = (copySQL, count)
            return
        }
        readUnreadCommitAnswer()
        let name = try preparedName(for: shape.columnarSQL, parameterCount: shape.columns.count)
        heldBack.append(HeldBackStatement(sql: shape.columnarSQL, rows: HeldBackRows(shape: shape, name: name, values: values, count: count)))
    }

    /// Rows of one shape going in one statement, as `pipelineQueries` gathers them.
    private struct MergedRows {
        let shape: RowInsert
        let name: String
        var parts: [HeldBackRows]
        /// The keys of the rows so far, when the shape's statement must not see one twice.
        var keys: Set<[DatabaseValue]> = []

        init(_ rows: HeldBackRows) {
            shape = rows.shape
            name = rows.name
            parts = []
            _ = take(rows)
        }

        /// Adds `rows` unless one of them repeats a key of the statement (then nothing is added).
        mutating func take(_ rows: HeldBackRows) -> Bool {
            let width = shape.columns.count, keyWidth = shape.keyColumnCount
            if keyWidth > 0 {
                var added: Set<[DatabaseValue]> = []
                for row in 0..<rows.count {
                    let key = Array(rows.values[row * width..<row * width + keyWidth])
                    guard !keys.contains(key), added.insert(key).inserted else { return false }
                }
                keys.formUnion(added)
            }
            parts.append(rows)
            return true
        }

        /// Each column's values as a PostgreSQL array literal.
        func columnTexts() throws(PostgresError) -> [String] {
            let width = shape.columns.count
            var columns = Array(repeating: "{", count: width)
            var first = true
            for part in parts {
                for row in 0..<part.count {
                    for column in 0..<width {
                        if !first { columns[column].append(",") }
                        try PostgresConnection.appendArrayElement(part.values[row * width + column], to: &columns[column], sql: shape.columnarSQL)
                    }
                    first = false
                }
            }
            return columns.map { $0 + "}" }
        }

        /// The query sending them, predicted to change one row each: a `COPY` when there are at least
        /// `minCopiedRows` of a shape that can be copied, the prepared statement of one array a column
        /// otherwise, its arrays in PostgreSQL's binary form (text when a value does not fit its
        /// column's type exactly, for the server to judge as it always did).
        func query() throws(PostgresError) -> PipelineQuery {
            let count = parts.reduce(0) { $0 + $1.count }
            if count >= PostgresConnection.minCopiedRows, let copySQL = shape.copySQL, let data = copyData(rows: count) {
                return .copy(sql: copySQL, data: data, expectedChanges: count)
            }
            if let arrays = binaryArrays(rows: count) {
                return .preparedBinary(name: name, values: arrays, sql: shape.columnarSQL, expectedChanges: count)
            }
            return .prepared(name: name, texts: try columnTexts(), sql: shape.columnarSQL, expectedChanges: count)
        }

        /// Each column's binary form: its size in bytes (0 for a type written as text only), whether it
        /// is a `double precision`, and its element type's OID.
        private var binaryColumns: [(size: Int, isReal: Bool, oid: UInt32)] {
            shape.columns.map { column in
                switch column.type {
                case "bigint": (8, false, 20)
                case "integer": (4, false, 23)
                case "smallint": (2, false, 21)
                case "double precision": (8, true, 701)
                default: (0, false, 0)
                }
            }
        }

        /// Appends `value` as one field of PostgreSQL's binary form for `column` (its length, then
        /// its bytes big-endian; -1 for NULL); false when it does not fit the type exactly.
        private static func appendField(
            _ value: DatabaseValue, _ column: (size: Int, isReal: Bool, oid: UInt32), to data: inout [UInt8]
        ) -> Bool {
            func append<Number: FixedWidthInteger>(_ number: Number) {
                withUnsafeBytes(of: number.bigEndian) { data.append(contentsOf: $0) }
            }
            if case .null = value {
                append(Int32(-1))
                return true
            }
            if column.isReal {
                let number: Double
                switch value {
                case .integer(let integer): number = Double(integer)
                case .real(let real): number = real
                case .null, .text, .blob: return false
                }
                append(Int32(8))
                append(number.bitPattern)
                return true
            }
            guard case .integer(let number) = value else { return false }
            switch column.size {
            case 2:
                guard let small = Int16(exactly: number) else { return false }
                append(Int32(2))
                append(small)
            case 4:
                guard let middle = Int32(exactly: number) else { return false }
                append(Int32(4))
                append(middle)
            case 8:
                append(Int32(8))
                append(number)
            default:
                return false
            }
            return true
        }

        /// The rows in PostgreSQL's binary `COPY` format (a header, each row's fields with their lengths,
        /// a trailer); nil when a value does not fit its column's type exactly.
        func copyData(rows: Int) -> [UInt8]? {
            let width = shape.columns.count
            let columns = binaryColumns
            var data: [UInt8] = []
            data.reserveCapacity(21 + rows * (2 + columns.reduce(0) { $0 + 4 + $1.size }))
            data.append(contentsOf: Array("PGCOPY\n".utf8) + [0xFF, 0x0D, 0x0A, 0x00])
            data.append(contentsOf: [0, 0, 0, 0, 0, 0, 0, 0])  // no flags, no header extension
            for part in parts {
                for row in 0..<part.count {
                    withUnsafeBytes(of: Int16(width).bigEndian) { data.append(contentsOf: $0) }
                    for column in 0..<width {
                        guard Self.appendField(part.values[row * width + column], columns[column], to: &data) else { return nil }
                    }
                }
            }
            withUnsafeBytes(of: Int16(-1).bigEndian) { data.append(contentsOf: $0) }
            return data
        }

        /// Each column's values as a one-dimensional array in PostgreSQL's binary form (its header:
        /// one dimension, a null flag, the element type, the length and lower bound 1; then each
        /// element as a field); nil when a value does not fit its column's type exactly.
        func binaryArrays(rows: Int) -> [[UInt8]]? {
            let width = shape.columns.count
            var arrays: [[UInt8]] = []
            arrays.reserveCapacity(width)
            for (index, column) in binaryColumns.enumerated() {
                var data: [UInt8] = []
                data.reserveCapacity(20 + rows * (4 + column.size))
                let hasNull = parts.contains { part in (0..<part.count).contains { part.values[$0 * width + index] == .null } }
                for number in [Int32(1), hasNull ? 1 : 0, Int32(bitPattern: column.oid), Int32(rows), 1] {
                    withUnsafeBytes(of: number.bigEndian) { data.append(contentsOf: $0) }
                }
                for part in parts {
                    for row in 0..<part.count {
                        guard Self.appendField(part.values[row * width + index], column, to: &data) else { return nil }
                    }
                }
                arrays.append(data)
            }
            return arrays
        }
    }

    /// The queries that send `statements` (held back) in order, the rows of one shape merged into one
    /// statement between two statements that are not rows (transaction control, other writes): rows
    /// never cross a savepoint, so each block's rows still roll back with it. Within that stretch the
    /// shapes' statements go in the order each shape first came; rows that would repeat an upsert's
    /// key start the next statement.
    private func pipelineQueries(_ statements: [HeldBackStatement]) throws(PostgresError) -> [PipelineQuery] {
        var queries: [PipelineQuery] = []
        var pending: [MergedRows] = []
        func sendPending() throws(PostgresError) {
            for merged in pending { queries.append(try merged.query()) }
            pending = []
        }
        for statement in statements {
            guard let rows = statement.rows else {
                try sendPending()
                queries.append(PipelineQuery(statement))
                continue
            }
            if let index = pending.firstIndex(where: { $0.name == rows.name }) {
                if !pending[index].take(rows) {
                    try sendPending()
                    pending = [MergedRows(rows)]
                }
            } else {
                pending.append(MergedRows(rows))
            }
        }
        try sendPending()
        return queries
    }

    /// Appends `value` to an array literal as one element: a number, or NULL (a `ParameterBinder`
    /// binds nothing else).
    fileprivate static func appendArrayElement(_ value: DatabaseValue, to array: inout String, sql: String) throws(PostgresError) {
        switch value {
        case .null: array.append("NULL")
        case .integer(let number): array.append(String(number))
        case .real: array.append(try text(of: value, sql: sql) ?? "NULL")
        case .text, .blob:
            throw PostgresError(sqlState: "0A000", message: "rows are bound as numbers and NULL only", sql: sql)
        }
    }

    /// The error of a predicted write that changed `changed` rows instead of `expected`; one run at
    /// once fails its own block only, one `heldBack` the whole transaction.
    private static func wrongPrediction(_ changed: Int, _ expected: Int, sql: String, heldBack: Bool) -> PostgresError {
        var error = PostgresError(
            sqlState: PostgresError.wrongPredictionState, message: "a write predicted to change \(expected) rows changed \(changed)",
            sql: sql)
        error.isHeldBackWriteFailure = heldBack
        return error
    }

    /// Runs `sql` and calls `body` with each row, in order.
    public func query(_ sql: String, _ arguments: StatementArguments, _ body: (Row) throws -> Void) throws {
        let result = try run(sql, arguments)
        defer { PQclear(result) }
        for index in 0..<PQntuples(result) {
            try body(Row(source: PostgresRow(result: result, index: index, sql: sql)))
        }
    }

    /// Runs the queries of `batch` in one round trip (with the statements held back before them),
    /// then reads each one's rows and runs its `finish`, in order. Held-back writes go first, on
    /// their own, as before any query.
    public func run(_ batch: QueryBatch) throws {
        guard batch.queries.count > 1 else {
            for query in batch.queries {
                try self.query(query.sql, query.arguments, query.row)
                try query.finish()
            }
            return
        }
        try readUnreadAnswers()
        var reads: [PipelineQuery] = []
        for query in batch.queries {
            guard query.arguments.named.isEmpty else {
                throw PostgresError(sqlState: "42601", message: "named parameters are SQLite's; use $1, $2, …", sql: query.sql)
            }
            let name = try preparedName(for: query.sql, parameterCount: query.arguments.positional.count)
            let texts = try query.arguments.positional.map { value throws(PostgresError) in try Self.text(of: value, sql: query.sql) }
            reads.append(.prepared(name: name, texts: texts, sql: query.sql, expectedChanges: nil))
        }
        try sendHeldBackWrites()
        let queries = try pipelineQueries(heldBack) + reads
        heldBack = []
        let results = try runOnePipeline(queries, keeping: reads.count)
        defer { results.forEach { PQclear($0) } }
        for (query, result) in zip(batch.queries, results) {
            for index in 0..<PQntuples(result) {
                try query.row(Row(source: PostgresRow(result: result, index: index, sql: query.sql)))
            }
            try query.finish()
        }
    }

    /// The first row of `sql`, mapped by `map`, or nil when there is none.
    public func fetchOne<Value>(_ sql: String, _ arguments: StatementArguments, map: (Row) throws -> Value) throws -> Value? {
        let result = try run(sql, arguments)
        defer { PQclear(result) }
        guard PQntuples(result) > 0 else { return nil }
        return try map(Row(source: PostgresRow(result: result, index: 0, sql: sql)))
    }

    /// The first row of `sql`, mapped by `map`, or nil when there is none.
    public func fetchOne<Value>(literal sql: StaticString, _ arguments: StatementArguments, map: (Row) throws -> Value) throws -> Value? {
        try fetchOne(sql.description, arguments, map: map)
    }

    /// Runs `body` in one transaction: committed when it returns (then the commit hooks run), rolled
    /// back when it throws (then the rollback hooks run). Transactions do not nest; savepoints do.
    @discardableResult
    public func inTransaction<Result>(
        isolation: PostgresIsolation = .readCommitted, readOnly: Bool = false, _ body: () throws -> Result
    ) throws -> Result {
        guard !isInTransaction else {
            throw PostgresError(sqlState: "25001", message: "a transaction is already open on this connection")
        }
        heldBackFailure = nil
        heldBack = [HeldBackStatement(
            sql: "BEGIN ISOLATION LEVEL \(isolation.rawValue)\(readOnly ? " READ ONLY" : "")", beginsTransaction: true)]
        isInTransaction = true
        let value: Result
        do {
            value = try body()
            try commit(waitingForTheAnswer: !readOnly)
        } catch {
            rollBack()
            isInTransaction = false
            writeCaches.removeAll()
            transactionState.hooks.rollBack(to: 0)
            throw error
        }
        isInTransaction = false
        writeCaches.removeAll()
        transactionState.hooks.commit()
        return value
    }

    /// Commits the open transaction, with the statements held back in the same round trip; one in
    /// which no statement ran was never begun on the server. A COMMIT the server answers with
    /// ROLLBACK (the transaction had failed) is an error: nothing was kept. A read-only one's COMMIT
    /// can keep nothing and lose nothing, so unless `waitingForTheAnswer` its answer is read later.
    private func commit(waitingForTheAnswer: Bool) throws(PostgresError) {
        try readUnreadAnswers()
        if let heldBackFailure { throw heldBackFailure }
        if heldBack.first?.beginsTransaction == true, !heldBack.contains(where: \.isWrite) {
            heldBack = []
            return
        }
        if heldBack.contains(where: \.isWrite) {
            // Every held-back write is checked before the COMMIT is sent: a count of changed rows
            // is this side's check, which the server would not stop a COMMIT in the same pipeline for.
            try sendHeldBackWrites()
        }
        if !waitingForTheAnswer, heldBack.isEmpty, PQenterPipelineMode(connection) == 1 {
            guard PQsendQueryParams(connection, "COMMIT", 0, nil, nil, nil, nil, 0) == 1, PQpipelineSync(connection) == 1 else {
                readPipeline([.plain("COMMIT")]).last.map { PQclear($0) }
                throw failure(sql: "COMMIT")
            }
            commitAnswerUnread = true
            return
        }
        let script = (heldBack.map(\.sql) + ["COMMIT"]).joined(separator: "; ")
        heldBack = []
        guard let result = PQexec(connection, script) else { throw failure(sql: script) }
        defer { PQclear(result) }
        try check(result, sql: script)
        let status = String(cString: PQcmdStatus(result))
        guard status == "COMMIT" else {
            throw PostgresError(sqlState: "40000", message: "the transaction was rolled back (\(status))", sql: script)
        }
    }

    /// Reads the answers not waited for: a read-only transaction's COMMIT's, and that of a `COPY` in
    /// flight, whose failure or wrong count of rows fails the transaction (`isHeldBackWriteFailure`).
    private func readUnreadAnswers() throws(PostgresError) {
        readUnreadCommitAnswer()
        guard let copy = copyInFlight else { return }
        copyInFlight = nil
        PQclear(try readCopyAnswer(sql: copy.sql, expectingChanges: copy.expectedChanges))
    }

    /// Reads the answer to a read-only transaction's COMMIT sent earlier, whatever it is (the
    /// transaction changed nothing), and takes the connection out of pipeline mode.
    private func readUnreadCommitAnswer() {
        guard commitAnswerUnread else { return }
        commitAnswerUnread = false
        readPipeline([.plain("COMMIT")], syncSent: true).last.map { PQclear($0) }
    }

    /// Rolls the open transaction back; what was held back is dropped.
    private func rollBack() {
        // Whatever a COPY in flight answers, the transaction is rolled back.
        _ = try? readUnreadAnswers()
        let begun = heldBack.first?.beginsTransaction != true
        heldBack = []
        // A COMMIT that failed ended the transaction already: a ROLLBACK then only draws a warning.
        guard begun, PQtransactionStatus(connection) != PQTRANS_IDLE, let result = PQexec(connection, "ROLLBACK") else { return }
        PQclear(result)
    }

    /// The storage of the write cache `id` for the open transaction, when the connection
    /// `keepsWriteCaches`; nil otherwise (other servers write the same rows between transactions).
    public func writeCacheStorage(_ id: ObjectIdentifier, make: () -> AnyObject) -> AnyObject? {
        guard keepsWriteCaches, isInTransaction else { return nil }
        if let storage = writeCaches[id] { return storage }
        let storage = make()
        writeCaches[id] = storage
        return storage
    }

    /// Empties the open transaction's write caches.
    public func invalidateWriteCaches() {
        writeCaches.removeAll()
    }

    /// Starts receiving the notifications sent to `channel` (an identifier: letters, digits, `_`).
    public func listen(_ channel: String) throws(PostgresError) {
        try executeScript("LISTEN \(try Self.identifier(channel))")
    }

    /// Stops receiving the notifications sent to `channel`.
    public func unlisten(_ channel: String) throws(PostgresError) {
        try executeScript("UNLISTEN \(try Self.identifier(channel))")
    }

    /// Sends `payload` to every connection listening on `channel`, when the current transaction
    /// commits (at once outside one).
    public func notify(_ channel: String, payload: String) throws {
        try execute("SELECT pg_notify($1, $2)", channel, payload)
    }

    /// The notifications received so far, waiting up to `timeoutMilliseconds` for one when there is
    /// none yet (0 only looks), or until `wakeDescriptor` (when given: an eventfd or a pipe, which the
    /// caller drains) turns readable.
    public func notifications(
        waitingUpTo timeoutMilliseconds: Int32, wokenBy wakeDescriptor: Int32? = nil
    ) throws(PostgresError) -> [PostgresNotification] {
        var received = try drainNotifications()
        guard received.isEmpty, timeoutMilliseconds > 0 else { return received }
        var descriptors = [pollfd(fd: PQsocket(connection), events: Int16(POLLIN), revents: 0)]
        if let wakeDescriptor { descriptors.append(pollfd(fd: wakeDescriptor, events: Int16(POLLIN), revents: 0)) }
        if poll(&descriptors, nfds_t(descriptors.count), timeoutMilliseconds) > 0, descriptors[0].revents != 0 {
            received = try drainNotifications()
        }
        return received
    }

    private func drainNotifications() throws(PostgresError) -> [PostgresNotification] {
        try readUnreadAnswers()
        guard PQconsumeInput(connection) == 1 else { throw failure(sql: nil) }
        var received: [PostgresNotification] = []
        while let notice = PQnotifies(connection) {
            received.append(PostgresNotification(
                channel: String(cString: notice.pointee.relname), payload: String(cString: notice.pointee.extra),
                senderProcessID: Int(notice.pointee.be_pid)))
            PQfreemem(notice)
        }
        return received
    }

    /// Runs `sql` as a prepared statement (prepared on first use on this connection) with
    /// `arguments` in text form; the result is the caller's to clear.
    private func run(_ sql: String, _ arguments: StatementArguments) throws(PostgresError) -> OpaquePointer {
        guard arguments.named.isEmpty else {
            throw PostgresError(sqlState: "42601", message: "named parameters are SQLite's; use $1, $2, …", sql: sql)
        }
        try readUnreadAnswers()
        let name = try preparedName(for: sql, parameterCount: arguments.positional.count)
        let texts = try arguments.positional.map { value throws(PostgresError) in try Self.text(of: value, sql: sql) }
        if !heldBack.isEmpty {
            let queries = try pipelineQueries(heldBack) + [.prepared(name: name, texts: texts, sql: sql, expectedChanges: nil)]
            heldBack = []
            return try runPipeline(queries)
        }
        let result = Self.withCStrings(texts) { pointers in
            PQexecPrepared(connection, name, Int32(pointers.count), pointers, nil, nil, 0)
        }
        guard let result else { throw failure(sql: sql) }
        do {
            try check(result, sql: sql)
        } catch {
            PQclear(result)
            throw error
        }
        return result
    }

    /// Sends the held-back statements at once when writes are among them (before a statement that
    /// cannot join their pipeline).
    private func sendHeldBackWrites() throws(PostgresError) {
        guard heldBack.contains(where: \.isWrite) else { return }
        try sendHeldBack()
    }

    /// Sends every held-back statement at once (the transaction's BEGIN and savepoints among them).
    private func sendHeldBack() throws(PostgresError) {
        guard !heldBack.isEmpty else { return }
        let queries = try pipelineQueries(heldBack)
        heldBack = []
        PQclear(try runPipeline(queries))
    }

    /// Sends `queries` in order and returns the last one's result (the caller's to clear): those
    /// between two `COPY`s in one pipeline, waiting once, each `COPY` on its own (libpq runs none in a
    /// pipeline). The first failure is thrown (nothing after it is sent, or the server skips it), as
    /// is a held-back write that changed another count of rows than predicted.
    private func runPipeline(_ queries: [PipelineQuery]) throws(PostgresError) -> OpaquePointer {
        var start = 0
        while let index = queries[start...].firstIndex(where: \.isCopy) {
            if index > start { PQclear(try runOnePipeline(Array(queries[start..<index]))) }
            guard case .copy(let sql, let data, let expectedChanges) = queries[index] else { break }
            let result = try copy(sql: sql, data: data, expectingChanges: expectedChanges)
            if index == queries.count - 1 { return result }
            PQclear(result)
            start = index + 1
        }
        return try runOnePipeline(Array(queries[start...]))
    }

    /// Sends `data` by `sql` (`COPY … FROM STDIN (FORMAT binary)`) and returns the server's answer
    /// (the caller's to clear). The rows were held back: a failure, or another count of rows than
    /// `expectedChanges`, fails the transaction (`isHeldBackWriteFailure`), as a statement of rows
    /// would; a row predicted new that is not fails the `COPY` (a unique violation) where the
    /// statement's `ON CONFLICT DO NOTHING` would have changed one row less.
    private func copy(sql: String, data: [UInt8], expectingChanges expectedChanges: Int) throws(PostgresError) -> OpaquePointer {
        try sendCopy(sql: sql, data: data)
        return try readCopyAnswer(sql: sql, expectingChanges: expectedChanges)
    }

    /// Starts the `COPY` of `sql` and sends `data` and its end, without reading the server's answer
    /// (`readCopyAnswer`); a failure fails the transaction (`isHeldBackWriteFailure`).
    private func sendCopy(sql: String, data: [UInt8]) throws(PostgresError) {
        do throws(PostgresError) {
            guard let started = PQexec(connection, sql) else { throw failure(sql: sql) }
            guard PQresultStatus(started) == PGRES_COPY_IN else {
                defer { PQclear(started) }
                try check(started, sql: sql)
                throw PostgresError(sqlState: "08P01", message: "the server did not start the COPY", sql: sql)
            }
            PQclear(started)
            copiesSent += 1
            // In pieces of at most 1 MiB, so that libpq's buffer stays small whatever the row count.
            var sent = true
            var offset = 0
            while sent, offset < data.count {
                let end = min(offset + 1 << 20, data.count)
                sent = data[offset..<end].withUnsafeBytes { bytes in
                    PQputCopyData(connection, bytes.baseAddress?.assumingMemoryBound(to: CChar.self), Int32(bytes.count)) == 1
                }
                offset = end
            }
            guard sent, PQputCopyEnd(connection, nil) == 1 else {
                // The server's answer (the COPY failed) is read and dropped with the error.
                if sent || PQputCopyEnd(connection, "the rows could not be sent") == 1 {
                    while let result = PQgetResult(connection) { PQclear(result) }
                }
                throw failure(sql: sql)
            }
        } catch {
            throw heldBackWriteFailed(error)
        }
    }

    /// Reads the answer to the `COPY` of `sql` sent by `sendCopy` (the caller's to clear): a failure,
    /// or another count of rows than `expectedChanges`, fails the transaction (`isHeldBackWriteFailure`).
    private func readCopyAnswer(sql: String, expectingChanges expectedChanges: Int) throws(PostgresError) -> OpaquePointer {
        do throws(PostgresError) {
            var problem: PostgresError? = nil
            var answer: OpaquePointer?
            while let result = PQgetResult(connection) {
                if answer == nil, problem == nil {
                    do throws(PostgresError) {
                        try check(result, sql: sql)
                        answer = result
                        continue
                    } catch {
                        problem = error
                    }
                }
                PQclear(result)
            }
            guard let answer else { throw problem ?? failure(sql: sql) }
            let changed = Int(String(cString: PQcmdTuples(answer))) ?? 0
            guard changed == expectedChanges else {
                PQclear(answer)
                throw Self.wrongPrediction(changed, expectedChanges, sql: sql, heldBack: true)
            }
            return answer
        } catch {
            throw heldBackWriteFailed(error)
        }
    }

    /// `error`, marked as a held-back write's failure, which fails the open transaction.
    private func heldBackWriteFailed(_ error: PostgresError) -> PostgresError {
        var failed = error
        failed.isHeldBackWriteFailure = true
        heldBackFailure = heldBackFailure ?? failed
        return failed
    }

    /// Sends `queries` (none a `COPY`) in one pipeline, waits once, and returns the last one's
    /// result (the caller's to clear); the first failure is thrown (the server skips what follows
    /// it), as is a held-back write that changed another count of rows than predicted.
    private func runOnePipeline(_ queries: [PipelineQuery]) throws(PostgresError) -> OpaquePointer {
        guard let last = try runOnePipeline(queries, keeping: 1).last else { throw failure(sql: queries.last?.sql ?? "") }
        return last
    }

    /// Sends `queries` (none a `COPY`) in one pipeline and returns the results of the last `keeping`
    /// of them, in order (the caller's to clear); the first failure is thrown.
    private func runOnePipeline(_ queries: [PipelineQuery], keeping: Int) throws(PostgresError) -> [OpaquePointer] {
        let sql = queries.last?.sql ?? ""
        guard PQenterPipelineMode(connection) == 1 else { throw failure(sql: sql) }
        pipelinesSent += 1
        var sent = true
        for query in queries where sent {
            switch query {
            case .plain(let text):
                sent = PQsendQueryParams(connection, text, 0, nil, nil, nil, nil, 0) == 1
            case .prepared(let name, let texts, _, _):
                sent = Self.withCStrings(texts) { pointers in
                    PQsendQueryPrepared(connection, name, Int32(pointers.count), pointers, nil, nil, 0) == 1
                }
            case .preparedBinary(let name, let values, _, _):
                sent = Self.withBinaryParameters(values) { pointers, lengths, formats in
                    PQsendQueryPrepared(connection, name, Int32(pointers.count), pointers, lengths, formats, 0) == 1
                }
            case .copy:
                sent = false
            }
        }
        let read = readPipeline(queries, keeping: keeping)
        if let problem = sent ? read.failure : read.failure ?? failure(sql: sql) {
            read.kept.forEach { PQclear($0) }
            if problem.isHeldBackWriteFailure { heldBackFailure = heldBackFailure ?? problem }
            throw problem
        }
        guard read.kept.count == keeping else {
            read.kept.forEach { PQclear($0) }
            throw failure(sql: sql)
        }
        return read.kept
    }

    /// Ends a pipeline of `queries` sent in pipeline mode: sends the sync (unless `syncSent`), reads
    /// every result up to it (even when sending failed part way) and leaves pipeline mode. Returns
    /// the last query's result when every query succeeded (the caller's to clear), and the first
    /// failure: a query's, a held-back write's wrong count of changed rows, or the connection's.
    private func readPipeline(
        _ queries: [PipelineQuery], syncSent: Bool = false
    ) -> (last: OpaquePointer?, failure: PostgresError?) {
        let read = readPipeline(queries, syncSent: syncSent, keeping: 1)
        return (read.kept.last, read.failure)
    }

    /// As `readPipeline(_:syncSent:)`, keeping the results of the last `keeping` queries, in order.
    private func readPipeline(
        _ queries: [PipelineQuery], syncSent: Bool = false, keeping: Int
    ) -> (kept: [OpaquePointer], failure: PostgresError?) {
        defer { _ = PQexitPipelineMode(connection) }
        let count = queries.count
        guard syncSent || PQpipelineSync(connection) == 1 else { return ([], failure(sql: queries.last?.sql)) }
        // Each query's results end with a null; the sync's own result ends the pipeline.
        var query = 0
        var kept: [OpaquePointer] = []
        // The last query whose result was kept (one result each).
        var lastKept = -1
        var firstFailure: PostgresError?
        while true {
            guard let result = PQgetResult(connection) else {
                query += 1
                guard PQstatus(connection) == CONNECTION_OK, query <= count else {
                    firstFailure = firstFailure ?? failure(sql: queries[min(query, count) - 1].sql)
                    break
                }
                continue
            }
            let status = PQresultStatus(result)
            if status == PGRES_PIPELINE_SYNC {
                PQclear(result)
                break
            }
            let current = queries[min(query, count - 1)]
            if status == PGRES_PIPELINE_ABORTED {
                PQclear(result)
                continue
            }
            do throws(PostgresError) {
                try check(result, sql: current.sql)
                if let expected = current.expectedChanges {
                    let changed = Int(String(cString: PQcmdTuples(result))) ?? 0
                    if changed != expected { throw Self.wrongPrediction(changed, expected, sql: current.sql, heldBack: true) }
                }
            } catch {
                var failed = error
                if current.expectedChanges != nil { failed.isHeldBackWriteFailure = true }
                firstFailure = firstFailure ?? failed
                PQclear(result)
                continue
            }
            if query >= count - keeping, query > lastKept, firstFailure == nil {
                kept.append(result)
                lastKept = query
            } else {
                PQclear(result)
            }
        }
        if firstFailure != nil {
            kept.forEach { PQclear($0) }
            kept = []
        }
        return (kept, firstFailure)
    }

    private func preparedName(for sql: String, parameterCount: Int) throws(PostgresError) -> String {
        if let name = preparedNames[sql] { return name }
        // Preparing is a round trip of its own: whatever is in flight is answered first.
        try readUnreadAnswers()
        if preparedNames.count >= Self.maxPreparedStatements {
            // Statements built with varying lists would otherwise pile up in the server process. The
            // held-back writes name prepared statements: they go first.
            try sendHeldBackWrites()
            guard let result = PQexec(connection, "DEALLOCATE ALL") else { throw failure(sql: sql) }
            defer { PQclear(result) }
            try check(result, sql: "DEALLOCATE ALL")
            preparedNames.removeAll()
            preparedGeneration += 1
        }
        let name = "homeward_\(preparedGeneration)_\(preparedNames.count + 1)"
        let numbered = PortableSQL.numberingPlaceholders(in: sql)
        guard let result = PQprepare(connection, name, numbered, 0, nil) else { throw failure(sql: sql) }
        defer { PQclear(result) }
        try check(result, sql: sql)
        preparedNames[sql] = name
        return name
    }

    private func check(_ result: OpaquePointer, sql: String?) throws(PostgresError) {
        switch PQresultStatus(result) {
        case PGRES_COMMAND_OK, PGRES_TUPLES_OK, PGRES_EMPTY_QUERY:
            return
        default:
            let state = PQresultErrorField(result, Int32(UInt8(ascii: "C"))).map { String(cString: $0) } ?? ""
            let message = PQresultErrorField(result, Int32(UInt8(ascii: "M"))).map { String(cString: $0) }
                ?? Self.message(of: connection)
            throw PostgresError(sqlState: state, message: message, sql: sql)
        }
    }

    private func failure(sql: String?) -> PostgresError {
        PostgresError(sqlState: "", message: Self.message(of: connection), sql: sql)
    }

    private static func message(of connection: OpaquePointer) -> String {
        PQerrorMessage(connection).map { String(cString: $0) }?.trimmingTrailingNewlines() ?? "unknown libpq failure"
    }

    /// A parameter's text form, as PostgreSQL's input functions read it; nil for NULL.
    private static func text(of value: DatabaseValue, sql: String) throws(PostgresError) -> String? {
        switch value {
        case .null: return nil
        case .integer(let number): return String(number)
        case .real(let number):
            if number.isNaN { return "NaN" }
            if number.isInfinite { return number > 0 ? "Infinity" : "-Infinity" }
            return "\(number)"
        case .text(let text):
            // libpq passes C strings: a NUL would silently cut the text short.
            guard !text.utf8.contains(0) else {
                throw PostgresError(sqlState: "22021", message: "text holds a NUL character, which PostgreSQL cannot store", sql: sql)
            }
            return text
        case .blob(let bytes): return PostgresBytea.encode(bytes)
        }
    }

    /// `name` as a quoted identifier, when it is one (letters, digits and `_`, not starting with a digit).
    private static func identifier(_ name: String) throws(PostgresError) -> String {
        let allowed = name.utf8.allSatisfy { byte in
            (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
                || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "_")
        }
        guard allowed, let first = name.utf8.first, !(UInt8(ascii: "0")...UInt8(ascii: "9")).contains(first) else {
            throw PostgresError(sqlState: "42602", message: "\(name) is not a channel name (letters, digits and _)")
        }
        return "\"\(name)\""
    }

    /// Calls `body` with pointers to `values`, their lengths and the binary format for each, valid
    /// during the call.
    private static func withBinaryParameters<Result>(
        _ values: [[UInt8]], _ body: ([UnsafePointer<CChar>?], [Int32], [Int32]) -> Result
    ) -> Result {
        let copies = values.map { value -> UnsafeMutablePointer<CChar> in
            let copy = UnsafeMutablePointer<CChar>.allocate(capacity: max(1, value.count))
            value.withUnsafeBytes { bytes in
                if let base = bytes.baseAddress { UnsafeMutableRawPointer(copy).copyMemory(from: base, byteCount: bytes.count) }
            }
            return copy
        }
        defer { copies.forEach { $0.deallocate() } }
        return body(copies.map { UnsafePointer($0) }, values.map { Int32($0.count) }, Array(repeating: 1, count: values.count))
    }

    /// Calls `body` with C strings for `texts` (NULL pointers for nil), valid during the call.
    private static func withCStrings<Result>(_ texts: [String?], _ body: ([UnsafePointer<CChar>?]) -> Result) -> Result {
        let copies = texts.map { $0.map { strdup($0) } ?? nil }
        defer { copies.forEach { free($0) } }
        return body(copies.map { $0.map { UnsafePointer($0) } })
    }
}

/// A transaction's isolation level.
public enum PostgresIsolation: String, Sendable {
    /// Each statement sees what was committed before it began (PostgreSQL's default).
    case readCommitted = "READ COMMITTED"
    /// The whole transaction sees one snapshot; a conflicting write fails it (SQLSTATE 40001).
    case repeatableRead = "REPEATABLE READ"
    /// As if the transactions ran one after another; a conflict fails one (SQLSTATE 40001).
    case serializable = "SERIALIZABLE"
}

/// A notification received on a channel the connection listens on.
public struct PostgresNotification: Sendable, Equatable {
    /// The channel it was sent on.
    public let channel: String
    /// What the sender attached.
    public let payload: String
    /// The server process of the sending connection.
    public let senderProcessID: Int
}

extension String {
    fileprivate func trimmingTrailingNewlines() -> String {
        var text = self
        while text.last == "\n" { text.removeLast() }
        return text
    }
}
