import HomewardHTTP

/// Where a page of a time-ordered list resumes: after the row with this time and key. Rendered as
/// an opaque string (`<time ms>.<key>`); clients pass it back unchanged as `cursor`.
struct ListCursor: Sendable, Equatable {
    /// The time of the last row of the previous page, in Unix milliseconds.
    let timeMilliseconds: Int64
    /// The internal key of that row, which orders rows that share a time.
    let key: Int64

    /// Parses a cursor a previous page returned; 400 with field `cursor` for anything else.
    init(parsing text: String) throws(HTTPError) {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 2, let time = Int64(parts[0]), let key = Int64(parts[1]) else {
            throw .invalidRequest("cursor must be a value a previous page returned as nextCursor", field: "cursor")
        }
        self.init(timeMilliseconds: time, key: key)
    }

    /// Creates the cursor after a row.
    init(timeMilliseconds: Int64, key: Int64) {
        self.timeMilliseconds = timeMilliseconds
        self.key = key
    }

    /// The opaque form clients see.
    var text: String { "\(timeMilliseconds).\(key)" }
}
