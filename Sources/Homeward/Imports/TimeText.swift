/// The times history files write: Unix seconds or milliseconds, or RFC 3339.
enum TimeText {
    /// Above this a Unix time is taken as milliseconds (it is 5138 AD in seconds).
    static let millisecondsAbove = 100_000_000_000.0

    /// Unix seconds from seconds or milliseconds.
    static func seconds(_ number: Double) -> Double {
        number > millisecondsAbove ? number / 1000 : number
    }

    /// Unix seconds from a number (seconds or milliseconds) or an RFC 3339 time.
    static func seconds(_ text: some StringProtocol) -> Double? {
        if let number = Double(text) { return seconds(number) }
        return Timestamp(rfc3339: text).map { Double($0.unixMilliseconds) / 1000 }
    }
}
