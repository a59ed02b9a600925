import HomewardStore

/// A list of integer keys (account keys) bound as one parameter, so that one statement serves
/// lists of any length: a statement per length would crowd the statement caches of both engines.
struct KeyList {
    /// The keys.
    let keys: [Int64]

    /// The condition "`column` is one of the keys", with the list's one `?` parameter, in `dialect`.
    static func condition(_ column: String, in dialect: SQLDialect) -> String {
        switch dialect {
        case .sqlite: "\(column) IN (SELECT value FROM json_each(?))"
        case .postgresql: "\(column) = ANY(CAST(? AS bigint[]))"
        }
    }

    /// The parameter of `condition(_:in:)`: a JSON array for SQLite, an array literal for PostgreSQL.
    func argument(in dialect: SQLDialect) -> String {
        let list = keys.map(String.init).joined(separator: ",")
        switch dialect {
        case .sqlite: return "[" + list + "]"
        case .postgresql: return "{" + list + "}"
        }
    }
}
