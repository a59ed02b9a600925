import HomewardStore

/// The SQL of `imports` (schema/0016_imports.sql), on the connection of the caller's block.
struct ImportStore {
    /// The connection of the current block.
    let db: Database

    /// Stores a new running import of `account` with opaque `id`; returns its key.
    func insert(id: String, of account: AccountKey, at time: Timestamp) throws -> Int64 {
        guard let key: Int64 = try db.fetchOne(
            "INSERT INTO imports (id, account_key, state, created_at_ms) VALUES (?, ?, ?, ?) RETURNING key",
            [id, account, ImportState.running.rawValue, time.unixMilliseconds]) else {
            throw DatabaseError(extendedResultCode: 1, message: "inserting into imports returned no key")
        }
        return key
    }

    /// Writes what import `key` has stored so far and where it stands; false when there is no such
    /// import any more (its account was deleted, and the import with it).
    @discardableResult
    func update(_ record: ImportRecord, key: Int64) throws -> Bool {
        try db.execute(
            """
            UPDATE imports SET format = ?, state = ?, positions = ?, duplicates = ?, first_t_ms = ?, last_t_ms = ?,
                               problem = ?, finished_at_ms = ?, bytes_read = ?, total_bytes = ?, rejected = ?, rejections = ?
            WHERE key = ?
            """,
            record.format?.rawValue, record.state.rawValue, record.positions, record.duplicates,
            record.first?.unixMilliseconds, record.last?.unixMilliseconds, record.problem,
            record.finishedAt?.unixMilliseconds, record.bytesRead, record.totalBytes, record.rejections.count,
            record.rejections.reasons.isEmpty ? nil : record.rejections.reasons.joined(separator: "\n"), key)
        return db.changes == 1
    }

    /// The imports of `account`, newest first, at most `limit`.
    func list(of account: AccountKey, limit: Int) throws -> [ImportRecord] {
        try db.fetchAll(
            "SELECT \(Self.columns) FROM imports WHERE account_key = ? ORDER BY created_at_ms DESC, key DESC LIMIT ?",
            [account, limit], map: Self.record(from:))
    }

    /// The imports still running (after a crash, those the stopped server left).
    func running() throws -> [(key: Int64, account: AccountKey, record: ImportRecord)] {
        try db.fetchAll("SELECT key, account_key, \(Self.columns) FROM imports WHERE state = ?", [ImportState.running.rawValue]) { row in
            (key: try row.value(named: "key"), account: try row.value(named: "account_key"), record: try Self.record(from: row))
        }
    }

    private static let columns = """
        id, format, state, positions, duplicates, first_t_ms, last_t_ms, problem, created_at_ms, finished_at_ms,
        bytes_read, total_bytes, rejected, rejections
        """

    private static func record(from row: Row) throws -> ImportRecord {
        func time(_ column: String) throws -> Timestamp? {
            (try row.value(named: column) as Int64?).map(Timestamp.init(unixMilliseconds:))
        }
        var record = ImportRecord(
            id: try row.value(named: "id"),
            format: (try row.value(named: "format") as String?).flatMap(ImportFormat.init(rawValue:)),
            state: ImportState(rawValue: try row.value(named: "state")) ?? .stopped,
            positions: Int(try row.value(named: "positions") as Int64),
            duplicates: Int(try row.value(named: "duplicates") as Int64),
            first: try time("first_t_ms"), last: try time("last_t_ms"), problem: try row.value(named: "problem"),
            createdAt: Timestamp(unixMilliseconds: try row.value(named: "created_at_ms")),
            finishedAt: try time("finished_at_ms"))
        record.bytesRead = Int(try row.value(named: "bytes_read") as Int64)
        record.totalBytes = (try row.value(named: "total_bytes") as Int64?).map(Int.init)
        let reasons = (try row.value(named: "rejections") as String?).map { $0.split(separator: "\n").map(String.init) } ?? []
        record.rejections = ImportRejections(count: Int(try row.value(named: "rejected") as Int64), reasons: reasons)
        return record
    }

    /// The import with opaque `id`, its key and its account's; nil when there is none.
    func find(id: String) throws -> (key: Int64, account: AccountKey, record: ImportRecord)? {
        try db.fetchOne("SELECT key, account_key, \(Self.columns) FROM imports WHERE id = ?", [id]) { row in
            (key: try row.value(named: "key"), account: try row.value(named: "account_key"), record: try Self.record(from: row))
        }
    }
}
