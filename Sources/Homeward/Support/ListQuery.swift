import HomewardHTTP

/// The query parameters every time-ordered list shares: `from` and `to` (request times, `to`
/// exclusive), `limit` (default 100, at most 1000) and `cursor`.
struct ListQuery: Sendable {
    /// Items a page holds when the client does not say.
    static let defaultLimit = 100
    /// Items a page holds at most.
    static let maxLimit = 1000

    /// The earliest time listed, inclusive; nil for no bound.
    let from: Timestamp?
    /// The time listing stops before; nil for no bound.
    let to: Timestamp?
    /// Items in a page.
    let limit: Int
    /// Where this page starts; nil for the first page.
    let cursor: ListCursor?

    /// Reads the parameters from `query`; 400 naming the parameter for a malformed one. A `to` before
    /// `from` is an empty range, not an error: each is a valid time on its own.
    init(_ query: QueryParameters) throws(HTTPError) {
        from = try Self.time(query["from"], field: "from")
        to = try Self.time(query["to"], field: "to")
        limit = try query.limit(default: Self.defaultLimit, maximum: Self.maxLimit)
        cursor = try query["cursor"].map { text throws(HTTPError) in try ListCursor(parsing: text) }
    }

    private init(from: Timestamp?, to: Timestamp?, limit: Int, cursor: ListCursor?) {
        self.from = from
        self.to = to
        self.limit = limit
        self.cursor = cursor
    }

    /// The same query with pages of `limit` items.
    func withLimit(_ limit: Int) -> ListQuery {
        ListQuery(from: from, to: to, limit: limit, cursor: cursor)
    }

    /// The same query starting after `cursor`.
    func resuming(after cursor: ListCursor) -> ListQuery {
        ListQuery(from: from, to: to, limit: limit, cursor: cursor)
    }

    /// A request time from a query parameter: RFC 3339 or Unix seconds, as in bodies.
    static func time(_ text: String?, field: String) throws(HTTPError) -> Timestamp? {
        guard let text else { return nil }
        if let time = Timestamp(rfc3339: text) { return time }
        if let seconds = Double(text), let time = Timestamp(unixSeconds: seconds) { return time }
        throw .invalidRequest("\(field) must be an RFC 3339 time or Unix seconds", field: field)
    }

    /// The SQL condition and arguments that apply `from`, `to` and `cursor` to the time column
    /// `timeColumn` and the key column `keyColumn`.
    func condition(timeColumn: String, keyColumn: String) -> (sql: String, arguments: [Int64]) {
        var clauses: [String] = []
        var arguments: [Int64] = []
        if let from {
            clauses.append("\(timeColumn) >= ?")
            arguments.append(from.unixMilliseconds)
        }
        if let to {
            clauses.append("\(timeColumn) < ?")
            arguments.append(to.unixMilliseconds)
        }
        if let cursor {
            clauses.append("(\(timeColumn), \(keyColumn)) > (?, ?)")
            arguments += [cursor.timeMilliseconds, cursor.key]
        }
        return (clauses.map { " AND " + $0 }.joined(), arguments)
    }
}
