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
        from = try query.time("from")
        to = try query.time("to")
        limit = try query.limit(default: Self.defaultLimit, maximum: Self.maxLimit)
        cursor = try query.cursor()
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
}
