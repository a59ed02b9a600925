import HomewardStore

/// The SQL of `motion` and its quarter-hour totals `motion_quarter_hours`, which ingest keeps up to
/// date so that daily totals in any time zone never read the reports themselves; on the connection of
/// the caller's read or write block.
struct MotionStore {
    /// The connection of the current block.
    let db: Database

    /// Length of one totals bucket.
    static let bucketMilliseconds: Int64 = 15 * 60 * 1000
    private static let minuteMilliseconds: Int64 = 60 * 1000
    private static let decimetresPerMetre = 10.0

    /// Stores `sample` of `account` and adds it to its quarter hour, unless the account already has a
    /// report with its time and id; returns whether it was stored.
    func insert(_ sample: MotionSample, of account: AccountKey) throws -> Bool {
        let distance = sample.distanceMetres.map { Int64(($0 * Self.decimetresPerMetre).rounded()) }
        try db.execute(
            """
            INSERT INTO motion (account_key, t_ms, sample_hash, steps, distance_dm, activity)
            VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING
            """,
            account, sample.time.unixMilliseconds, SampleIdentity.hash(of: sample.id), sample.steps.map { Int64($0) },
            distance, sample.activity?.code
        )
        guard db.changes > 0 else { return false }
        let time = sample.time.unixMilliseconds
        let bucket = Self.floor(time, to: Self.bucketMilliseconds)
        let isActive = sample.activity?.isActive == true || (sample.steps ?? 0) > 0
        let minuteBit: Int64 = isActive ? 1 << ((time - bucket) / Self.minuteMilliseconds) : 0
        try db.execute(
            """
            INSERT INTO motion_quarter_hours (account_key, start_ms, steps, distance_dm, active_minutes)
            VALUES (?, ?, ?, ?, ?)
            ON CONFLICT (account_key, start_ms) DO UPDATE SET
                steps = motion_quarter_hours.steps + excluded.steps,
                distance_dm = motion_quarter_hours.distance_dm + excluded.distance_dm,
                active_minutes = motion_quarter_hours.active_minutes | excluded.active_minutes
            """,
            account, bucket, Int64(sample.steps ?? 0), distance ?? 0, minuteBit
        )
        return true
    }

    /// The totals of `account` over `from` (inclusive) to `to` (exclusive), both on quarter-hour bounds.
    func totals(of account: AccountKey, from: Timestamp, to: Timestamp) throws -> MotionTotals {
        var totals = MotionTotals()
        try db.query(
            "SELECT steps, distance_dm, active_minutes FROM motion_quarter_hours WHERE account_key = ? AND start_ms >= ? AND start_ms < ?",
            [account, from.unixMilliseconds, to.unixMilliseconds]
        ) { row in
            totals.steps += try row.value(named: "steps") as Int
            totals.distance += Double(try row.value(named: "distance_dm") as Int64) / Self.decimetresPerMetre
            totals.activeMinutes += (try row.value(named: "active_minutes") as Int64).nonzeroBitCount
        }
        return totals
    }

    /// The motion totals of each of `accounts` from `from` to `to` (quarter hours starting in that
    /// range), in one statement; an account without any has none in the answer.
    func totals(of accounts: [AccountKey], from: Timestamp, to: Timestamp) throws -> [AccountKey: MotionTotals] {
        var found: [AccountKey: MotionTotals] = [:]
        guard !accounts.isEmpty else { return found }
        try db.query(
            """
            SELECT account_key, steps, distance_dm, active_minutes FROM motion_quarter_hours
            WHERE \(KeyList.condition("account_key", in: db.dialect)) AND start_ms >= ? AND start_ms < ?
            """,
            [KeyList(keys: accounts).argument(in: db.dialect), from.unixMilliseconds, to.unixMilliseconds]
        ) { row in
            let account: AccountKey = try row.value(named: "account_key")
            var totals = found[account] ?? MotionTotals()
            totals.steps += try row.value(named: "steps") as Int
            totals.distance += Double(try row.value(named: "distance_dm") as Int64) / Self.decimetresPerMetre
            totals.activeMinutes += (try row.value(named: "active_minutes") as Int64).nonzeroBitCount
            found[account] = totals
        }
        return found
    }

    /// Deletes every motion report of `account` before `time`, and the quarter hours that ended by
    /// then; returns how many reports.
    func deleteHistory(of account: AccountKey, before time: Timestamp) throws -> Int {
        try db.execute("DELETE FROM motion WHERE account_key = ? AND t_ms < ?", account, time.unixMilliseconds)
        let deleted = db.changes
        try db.execute(
            "DELETE FROM motion_quarter_hours WHERE account_key = ? AND start_ms < ?",
            account, Self.floor(time.unixMilliseconds, to: Self.bucketMilliseconds) - Self.bucketMilliseconds + 1
        )
        return deleted
    }

    /// `value` rounded down to a multiple of `step` (also for times before 1970).
    static func floor(_ value: Int64, to step: Int64) -> Int64 {
        let remainder = value % step
        return remainder < 0 ? value - remainder - step : value - remainder
    }
}
