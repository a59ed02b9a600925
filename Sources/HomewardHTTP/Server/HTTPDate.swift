#if canImport(Glibc)
import Glibc
#endif

/// The IMF-fixdate of the `Date` header (`Sun, 06 Nov 1994 08:49:37 GMT`), cached per second.
public struct HTTPDate {
    private var cachedSecond = -1
    /// `Date: ...\r\n` for the current second.
    private(set) var headerLine: [UInt8] = []

    /// Refreshes the cached line if the second changed.
    mutating func refresh() {
        let now = MonotonicClock.wallClockSeconds()
        guard now != cachedSecond else { return }
        cachedSecond = now
        headerLine = Array(("Date: " + Self.format(epochSeconds: now) + "\r\n").utf8)
    }

    /// Formats seconds since the epoch as an IMF-fixdate (a mail's `Date` uses it too).
    public static func format(epochSeconds: Int) -> String {
        var time = time_t(epochSeconds)
        var parts = tm()
        gmtime_r(&time, &parts)
        let days = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        func twoDigits(_ value: Int32) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return "\(days[Int(parts.tm_wday)]), \(twoDigits(parts.tm_mday)) \(months[Int(parts.tm_mon)]) \(parts.tm_year + 1900) "
            + "\(twoDigits(parts.tm_hour)):\(twoDigits(parts.tm_min)):\(twoDigits(parts.tm_sec)) GMT"
    }
}
