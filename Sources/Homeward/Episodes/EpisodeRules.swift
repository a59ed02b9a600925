import Foundation
import HomewardGeo
import HomewardHTTP

/// Checks shared by starting and updating an episode.
enum EpisodeRules {
    /// A kind as episodes store it: trimmed and lower-cased, so `Migraine ` and `migraine` are one kind.
    static func normalizedKind(_ text: String) -> String {
        text.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
    }

    /// 400 on `field` when `time` lies further in the future than the allowed clock skew.
    static func checkNotInFuture(_ time: Timestamp, field: String, now: Timestamp) throws(HTTPError) {
        let latest = now.adding(milliseconds: EpisodeLimits.maxFutureSkewSeconds * Timestamp.millisecondsPerSecond)
        guard time <= latest else { throw .invalidRequest("\(field) must not be in the future", field: field) }
    }

    /// 400 on `end` unless it is at or after `start` and not in the future.
    static func checkEnd(_ end: Timestamp, after start: Timestamp, now: Timestamp) throws(HTTPError) {
        guard end >= start else { throw .invalidRequest("end must not be before start", field: "end") }
        try checkNotInFuture(end, field: "end", now: now)
    }

    /// 400 on `location.lat` or `location.lon` outside their ranges.
    static func check(_ location: Coordinate?) throws(HTTPError) {
        guard let location else { return }
        guard location.lat.isFinite, abs(location.lat) <= 90 else {
            throw .invalidRequest("lat must be from -90 to 90", field: "location.lat")
        }
        guard location.lon.isFinite, abs(location.lon) <= 180 else {
            throw .invalidRequest("lon must be from -180 to 180", field: "location.lon")
        }
    }

    /// 400 on `note` when it is too long.
    static func check(note: String?) throws(HTTPError) {
        guard let note, note.count > EpisodeLimits.maxNoteCharacters else { return }
        throw .invalidRequest("note must have at most \(EpisodeLimits.maxNoteCharacters) characters", field: "note")
    }
}
