import HomewardHTTP

/// Where a page of a time-ordered list resumes: after (or, in a newest-first list, before) the row
/// with this time and key. Every list renders it the same opaque way (`<time ms>.<key>`); clients
/// pass it back unchanged as `cursor`.
struct ListCursor: Sendable, Equatable {
    /// The time of the last row of the previous page, in Unix milliseconds.
    let timeMilliseconds: Int64
    /// The key that orders rows sharing a time: a row's internal key, or a location's sample hash.
    let key: Int64

    /// The separator the opaque form is written with; the others are those earlier releases wrote
    /// (`-` in alert and trip lists, `_` in location history), read so that a client paging across an
    /// upgrade carries on.
    private static let separators: [Character] = [".", "_", "-"]

    /// Parses a cursor a previous page returned; 400 with field `cursor` for anything else.
    init(parsing text: String) throws(HTTPError) {
        for separator in Self.separators {
            let parts = text.split(separator: separator, omittingEmptySubsequences: false)
            if parts.count == 2, let time = Int64(parts[0]), let key = Int64(parts[1]) {
                self.init(timeMilliseconds: time, key: key)
                return
            }
        }
        throw .invalidRequest("cursor must be a value a previous page returned as nextCursor", field: "cursor")
    }

    /// Creates the cursor after a row.
    init(timeMilliseconds: Int64, key: Int64) {
        self.timeMilliseconds = timeMilliseconds
        self.key = key
    }

    /// The opaque form clients see.
    var text: String { "\(timeMilliseconds)\(Self.separators[0])\(key)" }
}

extension QueryParameters {
    /// The `cursor` parameter of a paged list; nil when absent, 400 naming `cursor` for a value no
    /// page returned.
    func cursor() throws(HTTPError) -> ListCursor? {
        guard let text = self["cursor"] else { return nil }
        return try ListCursor(parsing: text)
    }
}
