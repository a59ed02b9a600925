import Foundation
import HomewardHTTP
import HomewardStore

/// SQL access to the `zones` table (schema/0004_zones.sql).
public struct ZoneStore: Sendable {
    private static let columns = """
        id, name, center_lat, center_lon, radius_m, polygon, is_home, time_zone, schedule, arrive_by, arrive_by_days,
        notify_on_enter, created_at_ms, unaccompanied_within_m
        """

    /// Creates the store.
    public init() {}

    /// Stores `zone` for `account`: 409 when a second home is asked for, 400 when the person has too
    /// many zones or the time zone differs from their other zones'.
    public func insert(
        _ zone: ZoneResource, for account: AccountKey, createdBy creator: AccountKey, limits: AppConfiguration,
        in db: Database
    ) throws {
        let count: Int64 = try db.fetchOne("SELECT count(*) FROM zones WHERE account_key = ?", [account]) ?? 0
        guard count < limits.maxZonesPerAccount else {
            throw HTTPError.invalidRequest("A person may have at most \(limits.maxZonesPerAccount) zones.")
        }
        if zone.home, try db.fetchOne("SELECT 1 FROM zones WHERE account_key = ? AND is_home = 1", [account]) as Int64? != nil {
            throw HTTPError.conflict("This person already has a home zone; delete it first.")
        }
        if let existing: String = try db.fetchOne(
            "SELECT time_zone FROM zones WHERE account_key = ? AND time_zone <> ? LIMIT 1", [account, zone.timeZone]
        ) {
            throw HTTPError.invalidRequest("timeZone must match the person's other zones (\(existing)).", field: "timeZone")
        }
        try db.execute(
            """
            INSERT INTO zones (id, account_key, name, center_lat, center_lon, radius_m, polygon, is_home, time_zone,
                               schedule, arrive_by, arrive_by_days, notify_on_enter, created_by_key, created_at_ms,
                               unaccompanied_within_m)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """,
            zone.id, account, zone.name, zone.center?.lat, zone.center?.lon, zone.radius,
            try zone.polygon.map(Self.json), zone.home, zone.timeZone, try zone.schedule.map(Self.json),
            zone.expected?.arriveBy, try zone.expected?.days.map(Self.json), zone.notifyOnEnter, creator,
            zone.createdAt.unixMilliseconds, zone.unaccompanied?.withinMetres
        )
    }

    /// The zones of `account`, oldest first.
    public func zones(of account: AccountKey, in db: Database) throws -> [ZoneResource] {
        try db.fetchAll(
            "SELECT \(Self.columns) FROM zones WHERE account_key = ? ORDER BY created_at_ms, key", [account],
            map: Self.zone(row:)
        )
    }

    /// The owner of the zone with opaque `id`, if it exists.
    public func owner(ofZone id: String, in db: Database) throws -> AccountKey? {
        try db.fetchOne("SELECT account_key FROM zones WHERE id = ?", [id])
    }

    /// Deletes the zone with opaque `id`.
    public func delete(zone id: String, in db: Database) throws {
        try db.execute("DELETE FROM zones WHERE id = ?", id)
    }

    /// People with at least one "there by" rule (checked by the clock even without samples).
    public func accountsWithArrivalRules(in db: Database) throws -> [AccountKey] {
        try db.fetchAll("SELECT DISTINCT account_key FROM zones WHERE arrive_by IS NOT NULL")
    }

    /// People being monitored (they have a home zone or an active trip), with their last heartbeat stored in the database.
    public func monitoredAccounts(in db: Database) throws -> [(account: AccountKey, lastSeen: Timestamp?)] {
        try db.fetchAll(
            """
            SELECT a.key, a.last_seen_at_ms FROM accounts a
            WHERE EXISTS (SELECT 1 FROM zones z WHERE z.account_key = a.key AND z.is_home = 1)
               OR EXISTS (SELECT 1 FROM trips t WHERE t.account_key = a.key AND t.status = 'active')
            """
        ) { row in
            (account: try row.value(at: 0), lastSeen: (try row.value(at: 1) as Int64?).map(Timestamp.init(unixMilliseconds:)))
        }
    }

    private static func zone(row: Row) throws -> ZoneResource {
        var center: ZonePoint?
        if let lat = try row.value(at: 2) as Double?, let lon = try row.value(at: 3) as Double? {
            center = ZonePoint(lat: lat, lon: lon)
        }
        let arriveBy: String? = try row.value(at: 9)
        return ZoneResource(
            id: try row.value(at: 0), name: try row.value(at: 1), center: center, radius: try row.value(at: 4),
            polygon: try decode([ZonePoint].self, try row.value(at: 5)), home: try row.value(at: 6),
            timeZone: try row.value(at: 7), schedule: try decode([ZoneScheduleWindow].self, try row.value(at: 8)),
            expected: try arriveBy.map { ZoneArrivalRule(arriveBy: $0, days: try decode([String].self, try row.value(at: 10))) },
            notifyOnEnter: try row.value(at: 11),
            unaccompanied: (try row.value(at: 13) as Double?).map(ZoneCompanionRule.init(withinMetres:)),
            createdAt: Timestamp(unixMilliseconds: try row.value(at: 12))
        )
    }

    private static func json(_ value: some Encodable) throws -> String {
        String(decoding: try JSONBytes.encode(value), as: UTF8.self)
    }

    private static func decode<T: Decodable>(_ type: T.Type, _ text: String?) throws -> T? {
        guard let text else { return nil }
        return try JSONDecoder().decode(type, from: Data(text.utf8))
    }
}
