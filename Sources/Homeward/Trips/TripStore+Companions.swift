import HomewardStore

/// Who accompanies whose trip (`trip_companions` joined to `trips`), as the access policy reads it:
/// the trips' store holds these rows' SQL as it holds their writes.
extension TripStore {
    /// Whether `companion` accompanies the active trip of `traveller`.
    func accompanies(_ companion: AccountKey, activeTripOf traveller: AccountKey) throws -> Bool {
        try db.fetchOne(
            """
            SELECT 1 AS found FROM trip_companions c JOIN trips t ON t.key = c.trip_key
            WHERE c.companion_key = ? AND t.account_key = ? AND t.status = 'active'
            """,
            [companion, traveller]
        ) { row in try row.value(named: "found") as Int64 } != nil
    }

    /// The travellers whose active trip `companion` accompanies, in the order they joined.
    func travellers(accompaniedBy companion: AccountKey) throws -> [AccountKey] {
        try db.fetchAll(
            """
            SELECT t.account_key FROM trip_companions c JOIN trips t ON t.key = c.trip_key
            WHERE c.companion_key = ? AND t.status = 'active' ORDER BY c.joined_at_ms
            """,
            [companion]
        ) { row in try row.value(named: "account_key") }
    }

    /// The companions of the active trip of `traveller`.
    func companions(ofActiveTripOf traveller: AccountKey) throws -> [AccountKey] {
        try db.fetchAll(
            """
            SELECT c.companion_key FROM trip_companions c JOIN trips t ON t.key = c.trip_key
            WHERE t.account_key = ? AND t.status = 'active'
            """,
            [traveller]
        ) { row in try row.value(named: "companion_key") }
    }

    /// Every trip `companion` accompanies or accompanied, active or arrived, with when they joined,
    /// in the order they joined.
    func windows(of companion: AccountKey) throws -> [CompanionWindow] {
        try db.fetchAll(
            """
            SELECT t.key AS trip_key, t.id AS trip_id, t.account_key, c.joined_at_ms, t.ended_at_ms
            FROM trip_companions c JOIN trips t ON t.key = c.trip_key
            WHERE c.companion_key = ? ORDER BY c.joined_at_ms, t.key
            """,
            [companion]
        ) { row in
            CompanionWindow(
                tripKey: try row.value(named: "trip_key"), tripID: try row.value(named: "trip_id"),
                traveller: try row.value(named: "account_key"),
                joinedAt: Timestamp(unixMilliseconds: try row.value(named: "joined_at_ms")),
                endedAt: (try row.value(named: "ended_at_ms") as Int64?).map { Timestamp(unixMilliseconds: $0) })
        }
    }
}
