import Foundation
import HomewardGeo
import HomewardStore

/// A person's stored history and zones, for `homeward replay --account` (an administrator's tool:
/// it reads the database file directly, no caller and no access policy).
public struct StoredTrack {
    /// The person's zones.
    public var zones: [ZoneResource]
    /// The time zone their zones are read in (UTC without zones).
    public var timeZone: TimeZone
    /// Their reliable fixes in the range, oldest first.
    public var fixes: [Fix]

    /// How many fixes are read per query.
    static let pageSize = 10_000

    /// Reads account `id`'s zones and its reliable fixes from `from` (inclusive) to `to` (exclusive);
    /// nil when no account has that id.
    public static func read(accountID id: String, from: Timestamp, to: Timestamp, in db: Database) throws -> StoredTrack? {
        guard let key = try AccountStore(db: db).key(ofAccount: id) else { return nil }
        let zones = try ZoneStore(db: db).zones(of: key)
        let store = LocationStore(db: db)
        var fixes: [Fix] = []
        var position: HistoryPosition?
        while true {
            let page = try store.history(
                of: key, from: from, to: to, after: position, limit: pageSize, includingFlagged: false)
            fixes += page.map {
                Fix(t: Double($0.time.unixMilliseconds) / 1000, lat: $0.lat, lon: $0.lon, accuracy: $0.accuracyMetres,
                    speed: $0.speedMetresPerSecond)
            }
            guard page.count == pageSize, let last = page.last else { break }
            position = HistoryPosition(time: last.time, sampleHash: last.sampleHash)
        }
        let timeZone = zones.first.flatMap { TimeZone(identifier: $0.timeZone) } ?? TimeZone(secondsFromGMT: 0)!
        return StoredTrack(zones: zones, timeZone: timeZone, fixes: fixes)
    }
}
