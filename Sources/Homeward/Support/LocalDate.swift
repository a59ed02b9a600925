import HomewardHTTP

/// A calendar date without a time or zone, written `YYYY-MM-DD`.
struct LocalDate: Sendable, Hashable, Comparable, Encodable {
    /// The year.
    let year: Int
    /// The month, 1 to 12.
    let month: Int
    /// The day of the month, 1 to 31.
    let day: Int

    /// Creates a date from its parts.
    init(year: Int, month: Int, day: Int) {
        self.year = year
        self.month = month
        self.day = day
    }

    /// Parses `YYYY-MM-DD` from the query parameter `field`; 400 naming it for anything else,
    /// including dates that do not exist (2026-02-30).
    init(parsing text: String, field: String) throws(HTTPError) {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
              parts.allSatisfy({ $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }),
              let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]),
              Timestamp(rfc3339: "\(text)T00:00:00Z") != nil
        else {
            throw .invalidRequest("\(field) must be a date written YYYY-MM-DD", field: field)
        }
        self.init(year: year, month: month, day: day)
    }

    /// `YYYY-MM-DD`.
    var text: String {
        func padded(_ value: Int, _ width: Int) -> String {
            let digits = String(value)
            return String(repeating: "0", count: max(0, width - digits.count)) + digits
        }
        return "\(padded(year, 4))-\(padded(month, 2))-\(padded(day, 2))"
    }

    /// Orders dates from earlier to later.
    static func < (lhs: LocalDate, rhs: LocalDate) -> Bool {
        (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
    }

    /// Encodes the date as `YYYY-MM-DD`.
    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(text)
    }
}
