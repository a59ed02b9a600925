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
        let page = try ListPage<KeyedItem<Item>>.fetching(limit: query.limit, { fetchLimit in
            try db.fetchAll(
                """
                SELECT key, \(columns) FROM \(table)
                WHERE \(conditions.joined(separator: " AND "))
                ORDER BY \(timeColumn), key LIMIT ?
                """,
                StatementArguments(arguments + [Int64(fetchLimit)])
            ) { row in KeyedItem(key: try row.value(named: "key"), item: try map(row)) }
        }, cursor: { ListCursor(timeMilliseconds: time($0.item).unixMilliseconds, key: $0.key) })
        return ListPage(items: page.items.map(\.item), nextCursor: page.nextCursor)
    }
}

/// A row's item with the row's key, which its cursor needs.
private struct KeyedItem<Item: Sendable>: Sendable {
    let key: Int64
    let item: Item
}
