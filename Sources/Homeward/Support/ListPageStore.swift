import HomewardStore

/// The SQL of one page of a time-ordered list (journal entries, episodes): an account's rows of one
/// table in the order of a time column then `key`, within a `ListQuery`'s range, after its cursor.
/// Runs on the connection of the caller's block, like every store.
struct ListPageStore {
    /// The connection of the current block.
    let db: Database

    /// One page of `account`'s rows of `table` in the order of `timeColumn` then `key`, applying
    /// `query` (range, cursor, limit) and, when given, `column = value`. `columns` are selected after
    /// `key`, and `map` reads them by name; `time` tells an item's time for the cursor.
    func page<Item: Sendable>(
        of table: String, columns: String, timeColumn: String, of account: AccountKey,
        where filter: (column: String, value: any DatabaseValueConvertible)?, matching query: ListQuery,
        time: (Item) -> Timestamp, map: (Row) throws -> Item
    ) throws -> ListPage<Item> {
        var conditions = ["account_key = ?"]
        var arguments: [(any DatabaseValueConvertible)?] = [account]
        if let filter {
            conditions.append("\(filter.column) = ?")
            arguments.append(filter.value)
        }
        if let from = query.from {
            conditions.append("\(timeColumn) >= ?")
            arguments.append(from.unixMilliseconds)
        }
        if let to = query.to {
            conditions.append("\(timeColumn) < ?")
            arguments.append(to.unixMilliseconds)
        }
        if let cursor = query.cursor {
            conditions.append("(\(timeColumn), key) > (?, ?)")
            arguments += [cursor.timeMilliseconds, cursor.key]
        }
        arguments.append(Int64(query.limit + 1))
        var keys: [Int64] = []
        var items = try db.fetchAll(
            """
            SELECT key, \(columns) FROM \(table)
            WHERE \(conditions.joined(separator: " AND "))
            ORDER BY \(timeColumn), key LIMIT ?
            """,
            StatementArguments(arguments)
        ) { row in
            keys.append(try row.value(named: "key"))
            return try map(row)
        }
        guard items.count > query.limit else { return ListPage(items: items, nextCursor: nil) }
        items.removeLast()
        let last = items.count - 1
        return ListPage(items: items, nextCursor: ListCursor(timeMilliseconds: time(items[last]).unixMilliseconds, key: keys[last]))
    }
}
