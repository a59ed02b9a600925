import HomewardStore

/// A page of a list response: the items and, when more follow, the cursor of the next page.
struct ListPage<Item: Sendable>: Sendable {
    /// The items of this page, oldest first.
    let items: [Item]
    /// Where the next page starts; nil on the last page.
    let nextCursor: ListCursor?

    /// Reads one page of `account`'s rows of `table` in the order of `timeColumn` then `key`,
    /// applying `query` (range, cursor, limit) and, when given, `column = value`. `columns` are
    /// selected after `key`, so `map` reads them from index 1; `time` tells an item's time for the cursor.
    static func fetch(
        _ table: String, columns: String, timeColumn: String, of account: AccountKey,
        where filter: (column: String, value: any DatabaseValueConvertible)?, matching query: ListQuery,
        in db: Database, time: (Item) -> Timestamp, map: (Row) throws -> Item
    ) throws -> ListPage<Item> {
        let range = query.condition(timeColumn: timeColumn, keyColumn: "key")
        var arguments: [(any DatabaseValueConvertible)?] = [account]
        var filterClause = ""
        if let filter {
            filterClause = " AND \(filter.column) = ?"
            arguments.append(filter.value)
        }
        arguments += range.arguments.map { $0 }
        arguments.append(Int64(query.limit + 1))
        var keys: [Int64] = []
        var items = try db.fetchAll(
            """
            SELECT key, \(columns) FROM \(table)
            WHERE account_key = ?\(filterClause)\(range.sql)
            ORDER BY \(timeColumn), key LIMIT ?
            """,
            StatementArguments(arguments)
        ) { row in
            keys.append(try row.value(at: 0))
            return try map(row)
        }
        guard items.count > query.limit else { return ListPage(items: items, nextCursor: nil) }
        items.removeLast()
        let last = items.count - 1
        return ListPage(items: items, nextCursor: ListCursor(timeMilliseconds: time(items[last]).unixMilliseconds, key: keys[last]))
    }
}
