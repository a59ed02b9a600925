import HomewardStore

/// The SQL of `locations` and `latest_locations`, on the connection of the caller's read or write
/// block. Coordinates are stored as degrees × 10^7 and the other measures as small scaled integers
/// (schema/0003_locations.sql), which keeps a sample near 40 bytes on disk.
struct LocationStore {
    /// The connection of the current block.
    let db: Database

    /// Stores `fix` of `account` unless the account already has a sample with its time and hash;
    /// returns whether it was stored.
    func insert(_ fix: StoredLocation, of account: AccountKey) throws -> Bool {
        try db.execute(literal: Self.insertSQL) { row in
            Self.bind(fix, of: account, to: &row)
        }
        return db.changes > 0
    }

    /// Stores `fix` of `account`, which the caller knows to be new (newer than every fix stored),
    /// without waiting for the answer where the connection `defersWrites` (a wrong prediction fails
    /// the transaction there, which then runs again with every insert answered).
    func insertNew(_ fix: StoredLocation, of account: AccountKey) throws {
        try db.insertRows(Self.newRows, count: 1) { row in
            Self.bind(fix, of: account, to: &row)
        }
    }

    /// The time of the newest stored fix of `account` (whatever its flags), nil when it has none.
    func newestFixTime(of account: AccountKey) throws -> Timestamp? {
        try db.fetchOne(literal: "SELECT max(t_ms) AS newest_t_ms FROM locations WHERE account_key = ?", [account]) { row in (try row.value(named: "newest_t_ms") as Int64?).map(Timestamp.init(unixMilliseconds:)) } ?? nil
    }

    /// Stores `fixes` of `account`, every one of which the caller knows to be new (newer than the
    /// account's newest stored fix, no two with the same time and hash), many rows per statement.
    func insertNew(_ fixes: [StoredLocation], of account: AccountKey) throws {
        guard db.dialect == .sqlite else {
            // One statement of one array a column, whatever the count (merged with other blocks'
            // rows where writes are held back): no statement per row count, no parameter limit.
            return try db.insertRows(Self.newRows, count: fixes.count) { row in
                for fix in fixes { Self.bind(fix, of: account, to: &row) }
            }
        }
        let bulkRows = Self.bulkRows
        var start = 0
        while start < fixes.count {
            let left = fixes.count - start
            let rows = left >= bulkRows ? bulkRows : 1
            let bindRows = { (row: inout ParameterBinder) in
                for fix in fixes[start..<start + rows] {
                    Self.bind(fix, of: account, to: &row)
                }
            }
            // A wrong promise throws: the write block rolls back.
            try db.execute(rows == 1 ? Self.insertSQL.description : Self.bulkInsertSQL, expectingChanges: rows, binding: bindRows)
            start += rows
        }
    }

    private static func bind(_ fix: StoredLocation, of account: AccountKey, to row: inout ParameterBinder) {
        row.bind(account)
        row.bind(fix.time.unixMilliseconds)
        row.bind(fix.sampleHash)
        row.bind(scaled(fix.lat, by: degreeScale))
        row.bind(scaled(fix.lon, by: degreeScale))
        row.bind(fix.accuracyMetres.map { scaled($0, by: decimetresPerMetre) })
        row.bind(fix.altitudeMetres.map { scaled($0, by: decimetresPerMetre) })
        row.bind(fix.speedMetresPerSecond.map { scaled($0, by: centimetresPerMetre) })
        row.bind(fix.headingDegrees.map { scaled($0, by: 1) % 360 })
        row.bind(fix.batteryPercent.map { scaled($0, by: 1) })
        row.bind(fix.flags.rawValue)
    }

    /// The newest fix of `account` before `time` that detectors may trust.
    func lastReliableFix(of account: AccountKey, before time: Timestamp) throws -> StoredLocation? {
        try db.fetchOne(literal: """
            SELECT t_ms, sample_hash, lat_e7, lon_e7, accuracy_dm, altitude_dm, speed_cm_s, heading_deg, battery_pct, flags
            FROM locations WHERE account_key = ? AND t_ms < ? AND flags = 0 ORDER BY t_ms DESC LIMIT 1
            """, [account, time.unixMilliseconds], map: Self.location(from:))
    }

    /// Up to `limit` fixes of `account` flagged exactly `flags`, taken after `after` (exclusive, nil:
    /// from the start) and before `before`, oldest first: the suspects a re-anchoring weighs.
    func fixes(
        of account: AccountKey, flagged flags: SampleFlags, after: Timestamp?, before: Timestamp, limit: Int
    ) throws -> [StoredLocation] {
        try db.fetchAll(
            """
            SELECT \(Self.columns) FROM locations
            WHERE account_key = ? AND t_ms > ? AND t_ms < ? AND flags = ? ORDER BY t_ms DESC, sample_hash DESC LIMIT ?
            """,
            [account, after?.unixMilliseconds ?? Int64.min, before.unixMilliseconds, flags.rawValue, limit],
            map: Self.location(from:)
        ).reversed()
    }

    /// Up to `limit` reliable fixes of `account` taken at or before `time`, newest first.
    func reliableFixes(of account: AccountKey, atOrBefore time: Timestamp, limit: Int) throws -> [StoredLocation] {
        try db.fetchAll(
            """
            SELECT \(Self.columns) FROM locations
            WHERE account_key = ? AND t_ms <= ? AND flags = 0 ORDER BY t_ms DESC, sample_hash DESC LIMIT ?
            """,
            [account, time.unixMilliseconds, limit], map: Self.location(from:))
    }

    /// Sets the flags of the stored fix of `account` with `fix`'s time and hash to `fix.flags`.
    func updateFlags(of fix: StoredLocation, of account: AccountKey) throws {
        try db.execute(
            "UPDATE locations SET flags = ? WHERE account_key = ? AND t_ms = ? AND sample_hash = ?",
            fix.flags.rawValue, account, fix.time.unixMilliseconds, fix.sampleHash)
    }

    /// Where `account` was at its stored fix nearest `time` within `margin` milliseconds of it (a fix
    /// flagged as a jump does not count); nil when there is none.
    func position(of account: AccountKey, nearest time: Int64, within margin: Int64) throws -> (lat: Double, lon: Double)? {
        try db.fetchOne(
            """
            SELECT lat_e7, lon_e7 FROM locations
            WHERE account_key = ? AND t_ms BETWEEN ? AND ? AND (flags & ?) = 0
            ORDER BY abs(t_ms - ?) LIMIT 1
            """,
            [account, time - margin, time + margin, SampleFlags.jump.rawValue, time]
        ) { row in
            (lat: Double(try row.value(named: "lat_e7") as Int64) / Self.degreeScale,
             lon: Double(try row.value(named: "lon_e7") as Int64) / Self.degreeScale)
        }
    }

    /// Up to `limit` fixes of `account` from `from` (inclusive) to `to` (exclusive), oldest first,
    /// starting after `position`; flagged fixes only when `includingFlagged`.
    func history(
        of account: AccountKey, from: Timestamp, to: Timestamp, after position: HistoryPosition?,
        limit: Int, includingFlagged: Bool
    ) throws -> [StoredLocation] {
        let start = position ?? HistoryPosition(time: from.adding(milliseconds: -1), sampleHash: Int64.max)
        let flagFilter = includingFlagged ? "" : "AND flags = 0"
        return try db.fetchAll(
            """
            SELECT \(Self.columns) FROM locations
            WHERE account_key = ? AND (t_ms, sample_hash) > (?, ?) AND t_ms >= ? AND t_ms < ? \(flagFilter)
            ORDER BY t_ms, sample_hash LIMIT ?
            """,
            [account, start.time.unixMilliseconds, start.sampleHash, from.unixMilliseconds, to.unixMilliseconds, limit],
            map: Self.location(from:)
        )
    }

    /// The newest `limit` fixes of `account` from `from` (inclusive) to `before` (exclusive), oldest
    /// first: flagged ones too for a phone's reporting rhythm, only those detectors may trust
    /// (`onlyReliable`) for what a rebuilt tracker recalls.
    func recentFixes(
        of account: AccountKey, from: Timestamp, before: Timestamp, limit: Int, onlyReliable: Bool = false
    ) throws -> [StoredLocation] {
        let flagFilter = onlyReliable ? "AND flags = 0" : ""
        return try db.fetchAll(
            """
            SELECT \(Self.columns) FROM locations
            WHERE account_key = ? AND t_ms >= ? AND t_ms < ? \(flagFilter) ORDER BY t_ms DESC, sample_hash DESC LIMIT ?
            """,
            [account, from.unixMilliseconds, before.unixMilliseconds, limit],
            map: Self.location(from:)
        ).reversed()
    }

    /// Stores `fixes` of `account` brought in by import `importKey`, many rows per statement; a fix
    /// whose time and hash are already stored is skipped. Returns how many were stored.
    func insertImported(_ fixes: [StoredLocation], importKey: Int64, of account: AccountKey) throws -> Int {
        var start = 0, stored = 0
        while start < fixes.count {
            let rows = fixes.count - start >= Self.bulkRows ? Self.bulkRows : 1
            let bindRows = { (row: inout ParameterBinder) in
                for fix in fixes[start..<start + rows] {
                    Self.bind(fix, of: account, to: &row)
                    row.bind(importKey)
                }
            }
            if rows == Self.bulkRows {
                try db.execute(Self.bulkImportSQL, binding: bindRows)
            } else {
                try db.execute(literal: Self.importSQL, binding: bindRows)
            }
            stored += db.changes
            start += rows
        }
        return stored
    }

    /// The times and positions (degrees × 10^7) of `account`'s stored fixes from `from` to `to`
    /// (inclusive, milliseconds), oldest first: what an import's fixes are compared with.
    func positions(of account: AccountKey, from: Int64, to: Int64) throws -> [(t: Int64, lat: Int64, lon: Int64)] {
        try db.fetchAll(
            "SELECT t_ms, lat_e7, lon_e7 FROM locations WHERE account_key = ? AND t_ms BETWEEN ? AND ? ORDER BY t_ms",
            [account, from, to]
        ) { row in (t: try row.value(named: "t_ms"), lat: try row.value(named: "lat_e7"), lon: try row.value(named: "lon_e7")) }
    }

    /// Deletes the fixes of `account` that import `importKey` stored between `from` and `to`
    /// (inclusive, milliseconds); returns how many.
    func deleteImported(importKey: Int64, of account: AccountKey, from: Int64, to: Int64) throws -> Int {
        try db.execute(
            "DELETE FROM locations WHERE account_key = ? AND t_ms BETWEEN ? AND ? AND import_key = ?",
            account, from, to, importKey)
        return db.changes
    }

    /// The time of the fix `offset` places after the first fix of `account` that import `importKey`
    /// stored at or after `from` (milliseconds); nil when there are fewer: where a chunked undo stops.
    func importedTime(importKey: Int64, of account: AccountKey, from: Int64, offset: Int) throws -> Int64? {
        try db.fetchOne(
            "SELECT t_ms FROM locations WHERE account_key = ? AND t_ms >= ? AND import_key = ? ORDER BY t_ms LIMIT 1 OFFSET ?",
            [account, from, importKey, offset]
        ) { row in try row.value(named: "t_ms") }
    }

    /// Deletes the `latest_locations` row of `account` (its last fix was undone and none is left).
    func deleteLatest(of account: AccountKey) throws {
        try db.execute("DELETE FROM latest_locations WHERE account_key = ?", account)
        db.setCached(Self.latestCache, account, nil)
    }

    /// The `latest_locations` rows the writer read or wrote, by account: ingest reads an account's
    /// row before every batch and writes it after. Only `save(_:of:)` writes the table (account
    /// deletion, which cascades, empties the connection's caches).
    static let latestCache = WriteCacheSlot<AccountKey, LatestLocation?>()

    /// The `latest_locations` row of `account`, if it has posted a fix (on the writer's connection,
    /// from `latestCache` when it is there).
    func latest(of account: AccountKey) throws -> LatestLocation? {
        try db.cached(Self.latestCache, account) { try readLatest(of: account) }
    }

    /// Adds to `batch` the statement that reads the `latest_locations` rows of `accounts` into
    /// `latestCache` (an account without one is cached as having none) and whether each account
    /// exists into `AccountStore.existenceCache`: what a group of writes will ask for.
    func readLatest(of accounts: [AccountKey], into batch: inout QueryBatch) {
        // The outer value: the account exists; the inner: its latest position, if it has posted one.
        var found: [AccountKey: LatestLocation?] = [:]
        let db = db
        // The keys bound twice: PostgreSQL otherwise joins the accounts found with a scan of every
        // latest position (2,000 rows: 0.55 ms for a group of 36), where with its own condition
        // `latest_locations` is read by its key too (0.2 ms), whatever the number of accounts.
        let keys = KeyList(keys: accounts).argument(in: db.dialect)
        batch.add(
            """
            SELECT a.key AS account_key, l.t_ms, l.lat, l.lon, l.accuracy_m, l.altitude_m, l.speed_m_s, l.heading_deg,
                   l.battery_pct, l.flags, l.newest_fix_t_ms, l.received_at_ms
            FROM accounts a LEFT JOIN latest_locations l
                ON l.account_key = a.key AND \(KeyList.condition("l.account_key", in: db.dialect))
            WHERE \(KeyList.condition("a.key", in: db.dialect))
            """,
            [keys, keys],
            row: { row in
                let hasPosted = try row.value(named: "t_ms") as Int64? != nil
                found[try row.value(named: "account_key")] = .some(hasPosted ? try Self.latestLocation(from: row) : nil)
            },
            finish: {
                for account in accounts {
                    db.setCached(AccountStore.existenceCache, account, found[account] != nil)
                    db.setCached(Self.latestCache, account, found[account] ?? nil)
                }
            })
    }

    /// The `latest_locations` rows of `accounts`, in one statement.
    func latest(of accounts: [AccountKey]) throws -> [AccountKey: LatestLocation] {
        var found: [AccountKey: LatestLocation] = [:]
        guard !accounts.isEmpty else { return found }
        try db.query(
            "SELECT account_key, \(Self.latestColumns) FROM latest_locations WHERE \(KeyList.condition("account_key", in: db.dialect))",
            [KeyList(keys: accounts).argument(in: db.dialect)]
        ) { row in
            found[try row.value(named: "account_key")] = try Self.latestLocation(from: row)
        }
        return found
    }

    private static let latestColumns = """
        t_ms, lat, lon, accuracy_m, altitude_m, speed_m_s, heading_deg, battery_pct, flags, newest_fix_t_ms, received_at_ms
        """

    private func readLatest(of account: AccountKey) throws -> LatestLocation? {
        try db.fetchOne(literal: """
            SELECT t_ms, lat, lon, accuracy_m, altitude_m, speed_m_s, heading_deg, battery_pct, flags,
                   newest_fix_t_ms, received_at_ms
            FROM latest_locations WHERE account_key = ?
            """, [account], map: Self.latestLocation(from:))
    }

    private static func latestLocation(from row: Row) throws -> LatestLocation {
        LatestLocation(
            fix: StoredLocation(
                time: Timestamp(unixMilliseconds: try row.value(named: "t_ms")), sampleHash: SampleIdentity.absentIDHash,
                lat: try row.value(named: "lat"), lon: try row.value(named: "lon"),
                accuracyMetres: try row.value(named: "accuracy_m"), altitudeMetres: try row.value(named: "altitude_m"),
                speedMetresPerSecond: try row.value(named: "speed_m_s"), headingDegrees: try row.value(named: "heading_deg"),
                batteryPercent: try row.value(named: "battery_pct"), flags: SampleFlags(rawValue: try row.value(named: "flags"))
            ),
            newestFixTime: Timestamp(unixMilliseconds: try row.value(named: "newest_fix_t_ms")),
            receivedAt: Timestamp(unixMilliseconds: try row.value(named: "received_at_ms"))
        )
    }

    /// Writes the `latest_locations` row of `account`.
    func save(_ latest: LatestLocation, of account: AccountKey) throws {
        let fix = latest.fix
        // An upsert rewrites the row in place; INSERT OR REPLACE would delete it and insert it again.
        // It changes one row whatever was there, so a writer across a network need not wait for it.
        try db.insertRows(Self.latestRows, count: 1) { row in
            row.bind(account)
            row.bind(fix.time.unixMilliseconds)
            row.bind(fix.lat)
            row.bind(fix.lon)
            row.bind(fix.accuracyMetres)
            row.bind(fix.altitudeMetres)
            row.bind(fix.speedMetresPerSecond)
            row.bind(fix.headingDegrees)
            row.bind(fix.batteryPercent)
            row.bind(fix.flags.rawValue)
            row.bind(latest.newestFixTime.unixMilliseconds)
            row.bind(latest.receivedAt.unixMilliseconds)
        }
        // As `readLatest` would return it: the table keeps no sample hash.
        var stored = latest
        stored.fix.sampleHash = SampleIdentity.absentIDHash
        db.setCached(Self.latestCache, account, stored)
    }

    /// Deletes every location sample of `account` (its deletion: no foreign key does it); returns how many.
    func deleteHistory(of account: AccountKey) throws -> Int {
        try db.execute("DELETE FROM locations WHERE account_key = ?", account)
        return db.changes
    }

    /// Deletes every location sample of `account` taken before `time`; returns how many.
    func deleteHistory(of account: AccountKey, before time: Timestamp) throws -> Int {
        try db.execute("DELETE FROM locations WHERE account_key = ? AND t_ms < ?", account, time.unixMilliseconds)
        return db.changes
    }

    /// The `latest_locations` row of one account, written over the one there (`save`): on PostgreSQL
    /// the positions a group of writes moved go in one statement.
    private static let latestRows = RowInsert(
        table: "latest_locations",
        columns: [
            .init("account_key", "bigint"), .init("t_ms", "bigint"), .init("lat", "double precision"),
            .init("lon", "double precision"), .init("accuracy_m", "double precision"), .init("altitude_m", "double precision"),
            .init("speed_m_s", "double precision"), .init("heading_deg", "double precision"),
            .init("battery_pct", "double precision"), .init("flags", "bigint"), .init("newest_fix_t_ms", "bigint"),
            .init("received_at_ms", "bigint"),
        ],
        conflictClause: """
            ON CONFLICT (account_key) DO UPDATE SET
                t_ms = excluded.t_ms, lat = excluded.lat, lon = excluded.lon, accuracy_m = excluded.accuracy_m,
                altitude_m = excluded.altitude_m, speed_m_s = excluded.speed_m_s, heading_deg = excluded.heading_deg,
                battery_pct = excluded.battery_pct, flags = excluded.flags, newest_fix_t_ms = excluded.newest_fix_t_ms,
                received_at_ms = excluded.received_at_ms
            """,
        keyColumnCount: 1)

    /// New fixes (`insertNew`), on PostgreSQL: a group's fixes, of every block, in one statement (by
    /// `COPY` when there are many), the columns with PostgreSQL's types (schema/0022).
    private static let newRows = RowInsert(
        table: "locations",
        columns: ["account_key", "t_ms", "sample_hash"].map { RowInsert.Column($0, "bigint") }
            + ["lat_e7", "lon_e7", "accuracy_dm", "altitude_dm", "speed_cm_s"].map { RowInsert.Column($0, "integer") }
            + ["heading_deg", "battery_pct", "flags"].map { RowInsert.Column($0, "smallint") },
        conflictClause: "ON CONFLICT DO NOTHING")

    /// Run once per stored fix: a literal, so its cached statement is found without hashing the text.
    private static let insertSQL: StaticString = """
        INSERT INTO locations (account_key, t_ms, sample_hash, lat_e7, lon_e7, accuracy_dm, altitude_dm,
                               speed_cm_s, heading_deg, battery_pct, flags)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
        ON CONFLICT DO NOTHING
        """
    /// Rows per statement of `insertNew` and `insertImported` on SQLite: one statement's start and end
    /// (cursors, halt, reset) shared by this many rows; the rest of a batch goes one row at a time.
    private static let bulkRows = 32
    private static let bulkInsertSQL = newRows.valuesSQL(rows: bulkRows)
    private static let importSQL: StaticString = """
        INSERT INTO locations (account_key, t_ms, sample_hash, lat_e7, lon_e7, accuracy_dm, altitude_dm,
                               speed_cm_s, heading_deg, battery_pct, flags, import_key)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
        ON CONFLICT DO NOTHING
        """
    private static let bulkImportSQL = """
        INSERT INTO locations (account_key, t_ms, sample_hash, lat_e7, lon_e7, accuracy_dm, altitude_dm,
                               speed_cm_s, heading_deg, battery_pct, flags, import_key)
        VALUES \(Array(repeating: "(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", count: bulkRows).joined(separator: ", "))
        ON CONFLICT DO NOTHING
        """
    private static let degreeScale = 10_000_000.0
    private static let decimetresPerMetre = 10.0
    private static let centimetresPerMetre = 100.0
    private static let columns =
        "t_ms, sample_hash, lat_e7, lon_e7, accuracy_dm, altitude_dm, speed_cm_s, heading_deg, battery_pct, flags"

    private static func scaled(_ value: Double, by scale: Double) -> Int64 {
        Int64((value * scale).rounded())
    }

    private static func location(from row: Row) throws -> StoredLocation {
        func unscaled(_ column: String, _ scale: Double) throws -> Double? {
            (try row.value(named: column) as Int64?).map { Double($0) / scale }
        }
        return StoredLocation(
            time: Timestamp(unixMilliseconds: try row.value(named: "t_ms")),
            sampleHash: try row.value(named: "sample_hash"),
            lat: Double(try row.value(named: "lat_e7") as Int64) / degreeScale,
            lon: Double(try row.value(named: "lon_e7") as Int64) / degreeScale,
            accuracyMetres: try unscaled("accuracy_dm", decimetresPerMetre),
            altitudeMetres: try unscaled("altitude_dm", decimetresPerMetre),
            speedMetresPerSecond: try unscaled("speed_cm_s", centimetresPerMetre),
            headingDegrees: try unscaled("heading_deg", 1),
            batteryPercent: try unscaled("battery_pct", 1),
            flags: SampleFlags(rawValue: try row.value(named: "flags"))
        )
    }
}
