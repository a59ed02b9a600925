import HomewardStore

/// Inserts a row of an aggregate whose internal key must never be reused (accounts, trips, alerts),
/// in each engine's way: SQLite picks one past every key the table ever had (its own and those
/// `retired_keys` remembers from deleted rows); PostgreSQL's identity column never hands a value
/// out twice. Either way the new key comes back with `RETURNING`.
struct NewKeyStore {
    /// The connection of the current write block.
    let db: any Database

    /// Inserts `values` into `columns` of `table` with a fresh key; returns the key.
    func insert(into table: String, columns: [String], values: StatementArguments) throws -> Int64 {
        let placeholders = Array(repeating: "?", count: columns.count).joined(separator: ", ")
        let sql: String = switch db.dialect {
        case .sqlite:
            """
            INSERT INTO \(table) (key, \(columns.joined(separator: ", ")))
            VALUES ((SELECT max(coalesce((SELECT max(key) FROM \(table)), 0), coalesce((SELECT highest_key FROM retired_keys WHERE aggregate = '\(table)'), 0)) + 1), \(placeholders))
            RETURNING key
            """
        case .postgresql:
            "INSERT INTO \(table) (\(columns.joined(separator: ", "))) VALUES (\(placeholders)) RETURNING key"
        }
        guard let key: Int64 = try db.fetchOne(sql, values) else {
            throw DatabaseError(extendedResultCode: 1, message: "inserting into \(table) returned no key")
        }
        return key
    }
}
