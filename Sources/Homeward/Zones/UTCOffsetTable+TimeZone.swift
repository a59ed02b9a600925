import Foundation
import HomewardGeo

extension UTCOffsetTable {
    /// The offsets of `timeZone` from `start` to `end` (before and after them, the nearest known),
    /// with every daylight-saving change between.
    init(_ timeZone: TimeZone, from start: UnixSeconds, to end: UnixSeconds) {
        var changes: [UnixSeconds] = []
        var offsets = [timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: start))]
        var moment = Date(timeIntervalSince1970: start)
        while let next = timeZone.nextDaylightSavingTimeTransition(after: moment), next.timeIntervalSince1970 <= end {
            changes.append(next.timeIntervalSince1970)
            offsets.append(timeZone.secondsFromGMT(for: next))
            moment = next
        }
        self.init(changes: changes, offsets: offsets)
    }
}
