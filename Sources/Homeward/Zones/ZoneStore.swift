import Foundation
import HomewardStore

/// The SQL of the `zones` table (schema/0004_zones.sql), on the connection of the caller's read or
/// write block.
struct ZoneStore {
    /// The connection of the current block.
    let db: Database

    private static let columns = """
        id, name, center_lat, center_lon, radius_m, polygon, is_home, time_zone, schedule, arrive_by, arrive_by_days,
        notify_on_enter, created_at_ms, unaccompanied_within_m
        """

    /// Stores `zone` for `account`; refuses (`ZoneStoreError`) a second home, a zone beyond the
    /// person's limit, or a time zone that differs from their other zones'.
    func insert(
        _ zone: ZoneResource, for account: AccountKey, createdBy creator: AccountKey, limits: ZoneLimits
    ) throws {
        let count: Int64 = try db.fetchOne("SELECT count(*) FROM zones WHERE account_key = ?", [account]) ?? 0
        guard count < limits.maxZonesPerAccount else {
            throw ZoneStoreError.tooManyZones(limit: limits.maxZonesPerAccount)
        }
        if zone.home, try db.fetchOne("SELECT 1 FROM zones WHERE account_key = ? AND is_home = 1", [account]) as Int64? != nil {
            throw ZoneStoreError.secondHome
        }
        if let existing: String = try db.fetchOne(
            "SELECT time_zone FROM zones WHERE account_key = ? AND time_zone <> ? LIMIT 1", [account, zone.timeZone]
        ) {
            throw ZoneStoreError.timeZoneMismatch(existing: existing)
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
    func zones(of account: AccountKey) throws -> [ZoneResource] {
        try db.fetchAll(
            "SELECT \(Self.columns) FROM zones WHERE account_key = ? ORDER BY created_at_ms, key", [account],
            map: Self.zone(row:)
        )
    }

    /// The zones of each of `accounts` that has any, in creation order, in one statement.
    func zones(of accounts: [AccountKey]) throws -> [AccountKey: [ZoneResource]] {
        var found: [AccountKey: [ZoneResource]] = [:]
        guard !accounts.isEmpty else { return found }
        try db.query(
            "SELECT account_key, \(Self.columns) FROM zones WHERE \(KeyList.condition("account_key", in: db.dialect)) ORDER BY created_at_ms, key",
            [KeyList(keys: accounts).argument(in: db.dialect)]
        ) { row in
            found[try row.value(named: "account_key"), default: []].append(try Self.zone(row: row))
        }
        return found
    }

    /// The owner of the zone with opaque `id`, if it exists.
    func owner(ofZone id: String) throws -> AccountKey? {
        try db.fetchOne("SELECT account_key FROM zones WHERE id = ?", [id])
    }

    /// Deletes the zone with opaque `id`.
    func delete(zone id: String) throws {
        try db.execute("DELETE FROM zones WHERE id = ?", id)
    }

    /// People with at least one "there by" rule (checked by the clock even without samples).
    func accountsWithArrivalRules() throws -> [AccountKey] {
        try db.fetchAll("SELECT DISTINCT account_key FROM zones WHERE arrive_by IS NOT NULL")
    }

    /// People being monitored (they have a home zone or an active trip), with their last heartbeat stored in the database.
    func monitoredAccounts() throws -> [(account: AccountKey, lastSeen: Timestamp?)] {
        try db.fetchAll(
            """
            SELECT a.key, a.last_seen_at_ms FROM accounts a
            WHERE EXISTS (SELECT 1 FROM zones z WHERE z.account_key = a.key AND z.is_home = 1)
               OR EXISTS (SELECT 1 FROM trips t WHERE t.account_key = a.key AND t.status = 'active')
            """
        ) { row in
            (account: try row.value(named: "key"), lastSeen: try row.value(named: "last_seen_at_ms"))
        }
    }

    private static func zone(row: Row) throws -> ZoneResource {
        var center: ZonePoint?
        if let lat = try row.value(named: "center_lat") as Double?, let lon = try row.value(named: "center_lon") as Double? {
            center = ZonePoint(lat: lat, lon: lon)
        }
        let arriveBy: String? = try row.value(named: "arrive_by")
        return ZoneResource(
            id: try row.value(named: "id"), name: try row.value(named: "name"), center: center, radius: try row.value(named: "radius_m"),
            polygon: try decode([ZonePoint].self, try row.value(named: "polygon")), home: try row.value(named: "is_home"),
            timeZone: try row.value(named: "time_zone"), schedule: try decode([ZoneScheduleWindow].self, try row.value(named: "schedule")),
            expected: try arriveBy.map {
                ZoneArrivalRule(arriveBy: $0, days: try decode([String].self, try row.value(named: "arrive_by_days")))
            },
            notifyOnEnter: try row.value(named: "notify_on_enter"),
            unaccompanied: (try row.value(named: "unaccompanied_within_m") as Double?).map(ZoneCompanionRule.init(withinMetres:)),
            createdAt: try row.value(named: "created_at_ms")
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
