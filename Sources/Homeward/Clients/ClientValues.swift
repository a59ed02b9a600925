import Foundation

/// Lenient readers for the loosely typed values tracking clients send (numbers as strings, times in
/// several forms), converting to the API's units.
enum ClientValues {
    /// Metres per second in one knot (OsmAnd `speed`).
    static let metresPerSecondPerKnot = 0.514444
    /// Kilometres per hour in one metre per second (OwnTracks `vel`).
    static let kilometresPerHourPerMetrePerSecond = 3.6
    /// Unix times above this are milliseconds, not seconds (year 2286 in seconds).
    static let millisecondTimestampThreshold = 10_000_000_000.0

    /// A number from a JSON number or a numeric string.
    static func number(_ value: Any?) -> Double? {
        switch value {
        case let number as NSNumber:
            return number.doubleValue.isFinite ? number.doubleValue : nil
        case let text as String:
            return Double(text.trimmingCharacters(in: .whitespaces)).flatMap { $0.isFinite ? $0 : nil }
        default:
            return nil
        }
    }

    /// A time from Unix seconds or milliseconds (number or string), ISO 8601 with `Z`, `+00:00` or
    /// `+0000` and any fraction of a second, or `yyyy-MM-dd HH:mm:ss` (UTC).
    static func time(_ value: Any?) -> Timestamp? {
        if let seconds = number(value) {
            return Timestamp(unixSeconds: seconds > millisecondTimestampThreshold ? seconds / 1000 : seconds)
        }
        guard let text = value as? String else { return nil }
        if let time = Timestamp(rfc3339: text) { return time }
        // ISO 8601's basic offset (`-0700`, as Overland's README shows it): the same with a colon.
        let utf8 = Array(text.utf8)
        if utf8.count > 5, utf8[utf8.count - 5] == UInt8(ascii: "+") || utf8[utf8.count - 5] == UInt8(ascii: "-"),
           utf8.suffix(4).allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }) {
            return Timestamp(rfc3339: String(text.dropLast(2)) + ":" + String(text.suffix(2)))
        }
        return Timestamp(rfc3339: text.replacingOccurrences(of: " ", with: "T") + "Z")
    }

    /// The activity of a client's name for it: Overland's `motion` (`walking`, `running`, `cycling`,
    /// `driving`, `automotive_navigation`, `stationary`) or Traccar Client's `activity.type` (`still`,
    /// `on_foot`, `walking`, `running`, `on_bicycle`, `in_vehicle`); nil for any other.
    static func activity(_ name: String?) -> MotionActivity? {
        switch name {
        case "walking", "on_foot": .walking
        case "running": .running
        case "cycling", "on_bicycle": .cycling
        case "driving", "automotive_navigation", "in_vehicle": .automotive
        case "stationary", "still": .stationary
        default: nil
        }
    }

    /// The JSON object in `body`, or nil if it is not one.
    static func object(_ body: [UInt8]) -> [String: Any]? {
        (try? JSONSerialization.jsonObject(with: Data(body))) as? [String: Any]
    }
}
