/// A point in time. Homeward keeps every time internally as Int64 Unix milliseconds (milliseconds
/// since 1970-01-01T00:00:00Z, leap seconds not counted), which is also how the database stores
/// times (`..._ms` columns); this type wraps one such number and converts it to and from the API's
/// text forms.
///
/// Requests may give a time as RFC 3339 with any offset and optional fraction
/// (`2026-11-21T22:43:01.123Z`, `2026-11-21T23:43:01+01:00`) or as a JSON number of Unix seconds
/// (`1795300981.123`). Responses always carry RFC 3339 UTC with exactly three fraction digits.
/// Parsing and formatting are written by hand over UTF-8 bytes: no `DateFormatter`, no allocation
/// beyond the result string.
public struct Timestamp: Hashable, Comparable, Sendable {
    /// Milliseconds since the Unix epoch; negative before 1970.
    public var unixMilliseconds: Int64

    /// Milliseconds in one second.
    public static let millisecondsPerSecond: Int64 = 1000
    /// The earliest time a request may name: 0000-01-01T00:00:00Z, in Unix seconds.
    public static let earliestUnixSeconds: Int64 = -62_167_219_200
    /// The first instant after the latest time a request may name (10000-01-01T00:00:00Z), in Unix seconds.
    public static let endOfRangeUnixSeconds: Int64 = 253_402_300_800

    /// Wraps a number of Unix milliseconds.
    public init(unixMilliseconds: Int64) {
        self.unixMilliseconds = unixMilliseconds
    }

    /// Converts a number of Unix seconds (fractions allowed, rounded to the nearest millisecond);
    /// nil unless finite and within years 0000 to 9999.
    public init?(unixSeconds: Double) {
        guard unixSeconds.isFinite,
              unixSeconds >= Double(Self.earliestUnixSeconds),
              unixSeconds < Double(Self.endOfRangeUnixSeconds)
        else { return nil }
        let milliseconds = (unixSeconds * Double(Self.millisecondsPerSecond)).rounded()
        self.init(unixMilliseconds: Int64(milliseconds))
    }

    /// Parses an RFC 3339 date-time (`T`, `t` or a space between date and time; `Z`, `z` or a
    /// `±HH:MM` offset; any number of fraction digits, of which the first three count); nil for
    /// anything else, including impossible dates (February 30, hour 24, second 60).
    ///
    /// A leap second (`:60`) is refused because Unix time cannot name it.
    public init?(rfc3339 text: some StringProtocol) {
        var text = String(text)
        guard let milliseconds = text.withUTF8({ Self.parseRFC3339($0) }) else { return nil }
        self.init(unixMilliseconds: milliseconds)
    }

    /// The time as RFC 3339 in UTC with exactly three fraction digits, e.g. `2026-11-21T22:43:01.123Z`.
    ///
    /// Years outside 0000 to 9999 (which no parsed time has) are written with a sign or more digits.
    public var rfc3339: String {
        let days = Self.floorDivide(unixMilliseconds, Self.millisecondsPerDay)
        var remainder = unixMilliseconds - days * Self.millisecondsPerDay
        let millisecond = remainder % 1000
        remainder /= 1000
        let second = remainder % 60
        remainder /= 60
        let minute = remainder % 60
        let hour = remainder / 60
        let (year, month, day) = Self.civilDate(fromDaysSinceEpoch: days)
        guard (0...9999).contains(year) else {
            let sign = year < 0 ? "-" : ""
            let digits = String(abs(year))
            let paddedYear = sign + String(repeating: "0", count: max(0, 4 - digits.count)) + digits
            return paddedYear + Self.format(year: 0, month: month, day: day, hour: hour, minute: minute,
                                            second: second, millisecond: millisecond).dropFirst(4)
        }
        return Self.format(year: year, month: month, day: day, hour: hour, minute: minute,
                           second: second, millisecond: millisecond)
    }

    /// The time `milliseconds` later (earlier when negative).
    public func adding(milliseconds: Int64) -> Timestamp {
        Timestamp(unixMilliseconds: unixMilliseconds + milliseconds)
    }

    /// Orders times from earlier to later.
    public static func < (lhs: Timestamp, rhs: Timestamp) -> Bool {
        lhs.unixMilliseconds < rhs.unixMilliseconds
    }

    // MARK: - Parsing

    private static let millisecondsPerDay: Int64 = 86_400_000
    private static let minimumRFC3339Bytes = 20

    /// The Unix milliseconds of the RFC 3339 date-time that `bytes` hold whole (as
    /// `init?(rfc3339:)` reads it), for readers that scan bytes without making strings.
    static func parseRFC3339(_ bytes: UnsafeBufferPointer<UInt8>) -> Int64? {
        guard bytes.count >= minimumRFC3339Bytes,
              let year = number(in: bytes, at: 0, digits: 4), bytes[4] == UInt8(ascii: "-"),
              let month = number(in: bytes, at: 5, digits: 2), bytes[7] == UInt8(ascii: "-"),
              let day = number(in: bytes, at: 8, digits: 2),
              bytes[10] == UInt8(ascii: "T") || bytes[10] == UInt8(ascii: "t") || bytes[10] == UInt8(ascii: " "),
              let hour = number(in: bytes, at: 11, digits: 2), bytes[13] == UInt8(ascii: ":"),
              let minute = number(in: bytes, at: 14, digits: 2), bytes[16] == UInt8(ascii: ":"),
              let second = number(in: bytes, at: 17, digits: 2)
        else { return nil }

        var index = 19
        var millisecond: Int64 = 0
        if bytes[index] == UInt8(ascii: ".") {
            index += 1
            let fractionStart = index
            while index < bytes.count, let digit = digitValue(bytes[index]) {
                if index - fractionStart < 3 { millisecond = millisecond * 10 + digit }
                index += 1
            }
            let fractionDigits = index - fractionStart
            guard fractionDigits > 0 else { return nil }
            for _ in fractionDigits..<max(fractionDigits, 3) { millisecond *= 10 }
        }

        guard index < bytes.count else { return nil }
        var offsetMinutes: Int64 = 0
        switch bytes[index] {
        case UInt8(ascii: "Z"), UInt8(ascii: "z"):
            index += 1
        case UInt8(ascii: "+"), UInt8(ascii: "-"):
            guard bytes.count - index == 6,
                  let offsetHour = number(in: bytes, at: index + 1, digits: 2),
                  bytes[index + 3] == UInt8(ascii: ":"),
                  let offsetMinute = number(in: bytes, at: index + 4, digits: 2),
                  offsetHour <= 23, offsetMinute <= 59
            else { return nil }
            offsetMinutes = offsetHour * 60 + offsetMinute
            if bytes[index] == UInt8(ascii: "-") { offsetMinutes = -offsetMinutes }
            index += 6
        default:
            return nil
        }
        guard index == bytes.count,
              (1...12).contains(month),
              (1...daysInMonth(month, ofYear: year)).contains(day),
              hour <= 23, minute <= 59, second <= 59
        else { return nil }

        let days = daysSinceEpoch(year: year, month: month, day: day)
        let localSeconds = ((days * 24 + hour) * 60 + minute) * 60 + second
        let utcSeconds = localSeconds - offsetMinutes * 60
        return utcSeconds * millisecondsPerSecond + millisecond
    }

    private static func digitValue(_ byte: UInt8) -> Int64? {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") ? Int64(byte - UInt8(ascii: "0")) : nil
    }

    private static func number(in bytes: UnsafeBufferPointer<UInt8>, at start: Int, digits: Int) -> Int64? {
        guard start + digits <= bytes.count else { return nil }
        var value: Int64 = 0
        for index in start..<(start + digits) {
            guard let digit = digitValue(bytes[index]) else { return nil }
            value = value * 10 + digit
        }
        return value
    }

    // MARK: - Calendar arithmetic (proleptic Gregorian, after Howard Hinnant's chrono algorithms)

    private static func isLeapYear(_ year: Int64) -> Bool {
        year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
    }

    private static func daysInMonth(_ month: Int64, ofYear year: Int64) -> Int64 {
        switch month {
        case 2: isLeapYear(year) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    private static func floorDivide(_ value: Int64, _ divisor: Int64) -> Int64 {
        let quotient = value / divisor
        return value % divisor < 0 ? quotient - 1 : quotient
    }

    private static func daysSinceEpoch(year: Int64, month: Int64, day: Int64) -> Int64 {
        let marchBasedYear = month <= 2 ? year - 1 : year
        let era = floorDivide(marchBasedYear, 400)
        let yearOfEra = marchBasedYear - era * 400
        let marchBasedMonth = (month + 9) % 12
        let dayOfYear = (153 * marchBasedMonth + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    private static func civilDate(fromDaysSinceEpoch days: Int64) -> (year: Int64, month: Int64, day: Int64) {
        let shifted = days + 719_468
        let era = floorDivide(shifted, 146_097)
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let marchBasedMonth = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * marchBasedMonth + 2) / 5 + 1
        let month = marchBasedMonth < 10 ? marchBasedMonth + 3 : marchBasedMonth - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        return (year, month, day)
    }

    // MARK: - Formatting

    private static let formattedByteCount = 24

    private static func format(year: Int64, month: Int64, day: Int64, hour: Int64, minute: Int64,
                               second: Int64, millisecond: Int64) -> String {
        String(unsafeUninitializedCapacity: formattedByteCount) { buffer in
            var index = 0
            func put(_ value: Int64, digits: Int) {
                var remaining = value
                for position in stride(from: index + digits - 1, through: index, by: -1) {
                    buffer[position] = UInt8(ascii: "0") + UInt8(remaining % 10)
                    remaining /= 10
                }
                index += digits
            }
            func put(_ character: Unicode.Scalar) {
                buffer[index] = UInt8(ascii: character)
                index += 1
            }
            put(year, digits: 4); put("-"); put(month, digits: 2); put("-"); put(day, digits: 2)
            put("T"); put(hour, digits: 2); put(":"); put(minute, digits: 2); put(":"); put(second, digits: 2)
            put("."); put(millisecond, digits: 3); put("Z")
            return index
        }
    }
}

extension Timestamp: Codable {
    /// Decodes an RFC 3339 string or a number of Unix seconds.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let text = try? container.decode(String.self) {
            guard let time = Timestamp(rfc3339: text) else {
                throw DecodingError.dataCorruptedError(
                    in: container,
                    debugDescription: "must be an RFC 3339 time such as 2026-11-21T22:43:01.123Z or +02:00 offset")
            }
            self = time
        } else {
            let seconds = try container.decode(Double.self)
            guard let time = Timestamp(unixSeconds: seconds) else {
                throw DecodingError.dataCorruptedError(
                    in: container, debugDescription: "must be Unix seconds between the years 0000 and 9999")
            }
            self = time
        }
    }

    /// Encodes the time as RFC 3339 UTC with milliseconds.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rfc3339)
    }
}
