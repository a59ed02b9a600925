import HomewardStore

/// The SQL of the journal: entries in `journal_entries`, read and written on the connection of the
/// caller's read or write block, so access checks and queries share one transaction.
struct JournalStore {
    /// The connection of the current block.
    let db: Database

    private static let columns = """
        id, kind, t_ms, millilitres, name, servings, calories, carbs_g, protein_g, fat_g,
        minutes, start_ms, end_ms, created_at_ms, description, picture, icon, serving_size
        """

    /// Stores `entry` in the journal of `account`.
    func insert(_ entry: JournalEntry, for account: AccountKey) throws {
        try db.execute(
            """
            INSERT INTO journal_entries (id, account_key, kind, t_ms, millilitres, name, servings, calories,
                carbs_g, protein_g, fat_g, minutes, start_ms, end_ms, created_at_ms, description, picture, icon, serving_size)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """,
            entry.id, account, entry.kind, entry.t.unixMilliseconds, entry.millilitres,
            entry.name, entry.servings, entry.calories, entry.carbs, entry.protein, entry.fat,
            entry.minutes, entry.start?.unixMilliseconds, entry.end?.unixMilliseconds,
            entry.createdAt.unixMilliseconds, entry.description, entry.picture, entry.icon, entry.servingSize
        )
    }

    /// A page of the entries of `account` in time order, optionally of one kind only.
    func entries(of account: AccountKey, kind: JournalKind?, matching query: ListQuery) throws -> ListPage<JournalEntry> {
        try ListPageStore(db: db).page(
            of: "journal_entries", columns: Self.columns, timeColumn: "t_ms", of: account,
            where: kind.map { (column: "kind", value: $0) }, matching: query, time: \.t, map: Self.entry(from:)
        )
    }

    /// Deletes the entry `id` of `account`; false when that account has no such entry.
    func deleteEntry(_ id: String, of account: AccountKey) throws -> Bool {
        try db.execute("DELETE FROM journal_entries WHERE id = ? AND account_key = ?", id, account)
        return db.changes > 0
    }

    /// The entries of `account` that count towards days in `[start, end)`: everything but sleep by
    /// its time, sleep by its end.
    func entriesCounting(of account: AccountKey, from start: Timestamp, to end: Timestamp) throws -> [JournalEntry] {
        try db.fetchAll(
            """
            SELECT key, \(Self.columns) FROM journal_entries
            WHERE account_key = ? AND kind <> 'sleep' AND t_ms >= ? AND t_ms < ?
            UNION ALL
            SELECT key, \(Self.columns) FROM journal_entries
            WHERE account_key = ? AND kind = 'sleep' AND end_ms >= ? AND end_ms < ?
            """,
            [account, start.unixMilliseconds, end.unixMilliseconds, account, start.unixMilliseconds, end.unixMilliseconds],
            map: Self.entry(from:)
        )
    }

    private static func entry(from row: Row) throws -> JournalEntry {
        JournalEntry(
            id: try row.value(named: "id"), kind: try row.value(named: "kind"), t: Timestamp(unixMilliseconds: try row.value(named: "t_ms")),
            millilitres: try row.value(named: "millilitres"), name: try row.value(named: "name"),
            servings: try row.value(named: "servings"), calories: try row.value(named: "calories"), carbs: try row.value(named: "carbs_g"),
            protein: try row.value(named: "protein_g"), fat: try row.value(named: "fat_g"),
            minutes: try row.value(named: "minutes"),
            start: try (row.value(named: "start_ms") as Int64?).map(Timestamp.init(unixMilliseconds:)),
            end: try (row.value(named: "end_ms") as Int64?).map(Timestamp.init(unixMilliseconds:)),
            createdAt: Timestamp(unixMilliseconds: try row.value(named: "created_at_ms")),
            description: try row.value(named: "description"), picture: try row.value(named: "picture"), icon: try row.value(named: "icon"),
            servingSize: try row.value(named: "serving_size")
        )
    }
}
