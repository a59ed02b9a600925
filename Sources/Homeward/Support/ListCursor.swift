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
    /// (`_` in location history, `-` in alert and trip lists, whose numbers were never negative),
    /// read so that a client paging across an upgrade carries on.
    private static let separators: [(separator: Character, signed: Bool)] = [(".", true), ("_", true), ("-", false)]
    /// Digits of a time at most: enough for the last millisecond of year 9999.
    private static let maxTimeDigits = 15
    /// Digits of a key at most: more than any row key or sample hash reaches.
    private static let maxKeyDigits = 18

    /// Parses a cursor a previous page returned; 400 with field `cursor` for anything else. Exactly
    /// what the `ListCursor` pattern of schema/openapi.yaml allows is read.
    init(parsing text: String) throws(HTTPError) {
        for (separator, signed) in Self.separators {
            let parts = text.split(separator: separator, omittingEmptySubsequences: false)
            if parts.count == 2,
               let time = Self.number(parts[0], maxDigits: Self.maxTimeDigits, signed: signed),
               let key = Self.number(parts[1], maxDigits: Self.maxKeyDigits, signed: signed) {
                self.init(timeMilliseconds: time, key: key)
                return
            }
        }
        throw .invalidRequest("cursor must be a value a previous page returned as nextCursor", field: "cursor")
    }

    /// `part` as a number of 1 to `maxDigits` ASCII digits, after a `-` when `signed`; nil otherwise.
    private static func number(_ part: Substring, maxDigits: Int, signed: Bool) -> Int64? {
        let digits = signed && part.first == "-" ? part.dropFirst() : part
        let isDigit = { (byte: UInt8) in (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) }
        guard (1...maxDigits).contains(digits.utf8.count), digits.utf8.allSatisfy(isDigit) else { return nil }
        return Int64(part)
    }

    /// Creates the cursor after a row.
    init(timeMilliseconds: Int64, key: Int64) {
        self.timeMilliseconds = timeMilliseconds
        self.key = key
    }

    /// The opaque form clients see.
    var text: String { "\(timeMilliseconds)\(Self.separators[0].separator)\(key)" }
}

extension QueryParameters {
    /// The `cursor` parameter of a paged list; nil when absent, 400 naming `cursor` for a value no
    /// page returned.
    func cursor() throws(HTTPError) -> ListCursor? {
        guard let text = self["cursor"] else { return nil }
        return try ListCursor(parsing: text)
    }
}
