import HomewardStore

/// The SQL of the trips feature: trips, their companions and workflow events, on the connection of
/// the caller's read or write block, so a service composes them into one transaction.
struct TripStore {
    /// The connection of the current block.
    let db: Database

    /// A new trip's columns.
    struct NewTrip {
        var id: String
        var account: AccountKey
        var request: CreateTripRequest
        var routeJSON: String?
        var accessCodeDigest: [UInt8]
        var startedAt: Timestamp
    }

    /// Inserts a trip; returns its key.
    func insert(_ trip: NewTrip) throws -> Int64 {
        let request = trip.request
        let key = try NewKeyStore(db: db).insert(
            into: "trips",
            columns: ["id", "account_key", "status", "phase", "mode", "origin_lat", "origin_lon", "origin_name",
                      "destination_lat", "destination_lon", "destination_name", "route_points", "expected_arrival_ms",
                      "passengers", "access_code_sha256", "started_at_ms", "updated_at_ms", "stall_reference_at_ms"],
            values: [trip.id, trip.account, "active", "moving", request.mode.rawValue, request.origin?.lat, request.origin?.lon,
                     request.origin?.name, request.destination.lat, request.destination.lon, request.destination.name,
                     trip.routeJSON, request.expectedArrival?.unixMilliseconds, request.passengers, trip.accessCodeDigest,
                     trip.startedAt.unixMilliseconds, trip.startedAt.unixMilliseconds, trip.startedAt.unixMilliseconds]
        )
        db.setCached(Self.travellerCache, trip.account, true)
        return key
    }

    /// The trip with opaque `id`, whoever's it is.
    func trip(id: String) throws -> TripRecord? {
        try db.fetchOne(
            "SELECT \(TripRecord.selection) FROM \(TripRecord.source) WHERE t.id = ?", [id], map: TripRecord.init(row:))
    }

    /// The active trip of `account`, if it has one.
    func activeTrip(of account: AccountKey) throws -> TripRecord? {
        try db.fetchOne(Self.activeTripSQL, [account], map: TripRecord.init(row:))
    }

    /// The latest trip `account` started, active or arrived: what a companion without an account
    /// watches until its arrival.
    func latestTrip(of account: AccountKey) throws -> TripRecord? {
        try db.fetchOne(
            "SELECT \(TripRecord.selection) FROM \(TripRecord.source) WHERE t.account_key = ? ORDER BY t.started_at_ms DESC, t.key DESC LIMIT 1",
            [account], map: TripRecord.init(row:))
    }

    /// Whether `account` is on a trip: the cheap question asked for every batch of fresh fixes, most of
    /// which come from people who are not (from `travellerCache` on the writer's connection).
    func hasActiveTrip(_ account: AccountKey) throws -> Bool {
        try db.cached(Self.travellerCache, account) {
            try db.fetchOne(literal: "SELECT 1 FROM trips WHERE account_key = ? AND status = 'active'", [account]) { _ in true } ?? false
        }
    }

    /// Adds to `batch` the statement that reads whether each of `accounts` is on a trip into
    /// `travellerCache`: what a group of writes will ask for.
    func readTravellers(of accounts: [AccountKey], into batch: inout QueryBatch) {
        var travelling: Set<AccountKey> = []
        let db = db
        batch.add(
            "SELECT DISTINCT account_key FROM trips WHERE \(KeyList.condition("account_key", in: db.dialect)) AND status = 'active'",
            [KeyList(keys: accounts).argument(in: db.dialect)],
            row: { row in travelling.insert(try row.value(named: "account_key")) },
            finish: {
                for account in accounts { db.setCached(Self.travellerCache, account, travelling.contains(account)) }
            })
    }

    /// Whether each account the writer looked at has an active trip. A trip becomes active only in
    /// `insert` and stops being so only in `markArrived` and `delete`, which know the trip's key but
    /// not its traveller and so empty the cache (both are rare).
    static let travellerCache = WriteCacheSlot<AccountKey, Bool>()

    /// Run for every batch of fresh fixes of a traveller: built once.
    private static let activeTripSQL =
        "SELECT \(TripRecord.selection) FROM \(TripRecord.source) WHERE t.account_key = ? AND t.status = 'active'"

    /// The trips of `accounts` (any status) and the trips with keys `accompanied`, newest first,
    /// optionally of one status, after `cursor` (a trip's start and key), at most `limit`.
    func trips(
        of accounts: [AccountKey], accompanied: [Int64], status: TripStatus?,
        after cursor: (startedAtMilliseconds: Int64, key: Int64)?, limit: Int
    ) throws -> [TripRecord] {
        // Keys are integers, written into the text; an empty list is left out (PostgreSQL has no `IN ()`).
        var whose: [String] = []
        if !accounts.isEmpty { whose.append("t.account_key IN (\(accounts.map(String.init).joined(separator: ",")))") }
        if !accompanied.isEmpty { whose.append("t.key IN (\(accompanied.map(String.init).joined(separator: ",")))") }
        guard !whose.isEmpty else { return [] }
        var sql = "SELECT \(TripRecord.selection) FROM \(TripRecord.source) WHERE (\(whose.joined(separator: " OR ")))"
        var arguments: [(any DatabaseValueConvertible)?] = []
        if let status {
            sql += " AND t.status = ?"
            arguments.append(status.rawValue)
        }
        if let cursor {
            sql += " AND (t.started_at_ms, t.key) < (?, ?)"
            arguments += [cursor.startedAtMilliseconds, cursor.key]
        }
        sql += " ORDER BY t.started_at_ms DESC, t.key DESC LIMIT ?"
        arguments.append(limit)
        return try db.fetchAll(sql, StatementArguments(arguments), map: TripRecord.init(row:))
    }

    /// Active trips whose overdue deadline is at or before `time`.
    func tripsDue(by time: Timestamp) throws -> [TripRecord] {
        try db.fetchAll(
            """
            SELECT \(TripRecord.selection) FROM \(TripRecord.source)
            WHERE t.status = 'active' AND t.due_at_ms <= ? ORDER BY t.due_at_ms
            """,
            [time.unixMilliseconds], map: TripRecord.init(row:))
    }

    /// Active moving trips with a known distance remaining that last shrank at or before `time`.
    func tripsWithoutProgress(since time: Timestamp) throws -> [TripRecord] {
        try db.fetchAll(
            """
            SELECT \(TripRecord.selection) FROM \(TripRecord.source)
            WHERE t.status = 'active' AND t.phase = 'moving' AND t.stall_reference_m IS NOT NULL
              AND t.stall_reference_at_ms <= ?
            """,
            [time.unixMilliseconds], map: TripRecord.init(row:))
    }

    /// The workflow events of the trip with `key` in the order they happened (an action pressed
    /// offline and sent later takes its place by its time).
    func events(ofTrip key: Int64) throws -> [TripEventResource] {
        try db.fetchAll(
            "SELECT type, at_ms, lat, lon, phase, passengers_aboard, accuracy_m FROM trip_events WHERE trip_key = ? ORDER BY at_ms, key",
            [key]
        ) { row in
            let typeName: String = try row.value(named: "type")
            let phaseName: String = try row.value(named: "phase")
            guard let type = TripEventType(rawValue: typeName), let phase = TripPhase(rawValue: phaseName) else {
                throw DatabaseError(extendedResultCode: 1, message: "unknown trip event \(typeName)/\(phaseName)")
            }
            var location: AlertResource.Location?
            if let lat = try row.value(named: "lat") as Double?, let lon = try row.value(named: "lon") as Double? {
                location = AlertResource.Location(lat: lat, lon: lon, accuracy: try row.value(named: "accuracy_m"))
            }
            return TripEventResource(
                type: type, t: try row.value(named: "at_ms"), location: location, phase: phase,
                passengersAboard: try row.value(named: "passengers_aboard"))
        }
    }

    /// Records `event` and the workflow state it led to; a resumed trip starts its stall clock again.
    func record(_ event: TripEventResource, onTrip key: Int64) throws {
        try db.execute(
            """
            INSERT INTO trip_events (trip_key, type, at_ms, lat, lon, phase, passengers_aboard, accuracy_m)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?)
            """,
            key, event.type.rawValue, event.t.unixMilliseconds, event.location?.lat, event.location?.lon,
            event.phase.rawValue, event.passengersAboard, event.location?.accuracy
        )
        try db.execute(
            """
            UPDATE trips SET phase = ?, passengers_aboard = ?, updated_at_ms = ?,
                             stall_reference_at_ms = CASE WHEN ? THEN ? ELSE stall_reference_at_ms END
            WHERE key = ?
            """,
            event.phase.rawValue, event.passengersAboard, event.t.unixMilliseconds, event.type == .resume,
            event.t.unixMilliseconds, key
        )
    }

    /// Keeps the progress snapshot, the overdue deadline, the stall reference and the tracker state.
    func saveProgress(of trip: TripRecord, at time: Timestamp) throws {
        let progress = trip.progress
        try db.execute(
            """
            UPDATE trips SET distance_remaining_m = ?, eta_seconds = ?, eta_at_ms = ?, off_route = ?,
                             last_lat = ?, last_lon = ?, last_accuracy_m = ?, last_fix_at_ms = ?, due_at_ms = ?,
                             stall_reference_m = ?, stall_reference_at_ms = ?, tracker_state = ?, updated_at_ms = ?
            WHERE key = ?
            """,
            progress?.distanceRemaining, progress?.etaSeconds, progress?.eta.unixMilliseconds,
            progress?.offRoute ?? false, progress?.lastLocation?.lat, progress?.lastLocation?.lon,
            progress?.lastLocation?.accuracy, progress?.lastLocation?.t.unixMilliseconds, trip.dueAt?.unixMilliseconds,
            trip.stallReferenceMetres, trip.stallReferenceAt.unixMilliseconds, trip.trackerState,
            time.unixMilliseconds, trip.key
        )
    }

    /// Ends the trip with `key` as arrived at `time`.
    func markArrived(_ key: Int64, at time: Timestamp) throws {
        try db.execute(
            "UPDATE trips SET status = 'arrived', ended_at_ms = ?, updated_at_ms = ?, tracker_state = NULL WHERE key = ?",
            time.unixMilliseconds, time.unixMilliseconds, key
        )
        db.removeAllCached(Self.travellerCache)
    }

    /// Deletes the trip with `key`, its companions and events.
    func delete(_ key: Int64) throws {
        try db.execute("DELETE FROM trips WHERE key = ?", key)
        db.removeAllCached(Self.travellerCache)
    }

    /// Makes `companion` a companion of the trip with `key` (again is a no-op).
    func addCompanion(_ companion: AccountKey, toTrip key: Int64, at time: Timestamp) throws {
        try db.execute(
            "INSERT INTO trip_companions (trip_key, companion_key, joined_at_ms) VALUES (?, ?, ?) ON CONFLICT DO NOTHING",
            key, companion, time.unixMilliseconds
        )
    }

    /// The active trips of every traveller named `name` (without regard to case), oldest first.
    func activeTrips(ofTravellersNamed name: String) throws -> [TripRecord] {
        try db.fetchAll(
            "SELECT \(TripRecord.selection) FROM \(TripRecord.source) WHERE t.status = 'active' AND lower(a.name) = lower(?) ORDER BY t.key",
            [name], map: TripRecord.init(row:))
    }

    /// The latest trip of each traveller called `name` (case aside), newest first: whom a watcher
    /// with that name and an access code may mean.
    func latestTrips(ofTravellersNamed name: String) throws -> [TripRecord] {
        try db.fetchAll(
            """
            SELECT \(TripRecord.selection) FROM \(TripRecord.source)
            WHERE lower(a.name) = lower(?)
              AND t.key = (SELECT l.key FROM trips l WHERE l.account_key = t.account_key ORDER BY l.started_at_ms DESC, l.key DESC LIMIT 1)
            ORDER BY t.started_at_ms DESC, t.key DESC
            """,
            [name], map: TripRecord.init(row:))
    }

    /// The account with phone `e164`, if any.
    func account(withPhone e164: String) throws -> AccountKey? {
        try db.fetchOne("SELECT key FROM accounts WHERE phone = ?", [e164])
    }
}
