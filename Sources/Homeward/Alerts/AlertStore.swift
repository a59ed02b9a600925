import HomewardStore

/// The SQL of the `alerts` table (alerts, countdowns and their escalation), on the connection of the
/// caller's read or write block.
struct AlertStore {
    /// Most alerts one page may hold.
    static let maxPageSize = 1000
    /// Page size when the client does not say.
    static let defaultPageSize = 100

    /// The connection of the current block.
    let db: Database

    /// An alert that still stands for its cause: pending, open or acknowledged.
    struct ActiveAlert: Sendable {
        var key: Int64
        var status: AlertStatus
    }

    /// The active alerts of each account the writer looked at, by cause: every fix asks whether a
    /// `silent` or `low_battery` alert is there to resolve, and nearly always none is. Every status
    /// change goes through this store, which keeps the entry true (or drops it).
    static let activeAlertCache = WriteCacheSlot<AccountKey, [String: ActiveAlert]>()

    // MARK: Reading

    /// The alert with internal `key`, if it exists.
    func alert(key: Int64) throws -> AlertRecord? {
        try db.fetchOne("SELECT \(AlertRecord.selection) FROM \(AlertRecord.source) WHERE x.key = ?", [key], map: AlertRecord.init(row:))
    }

    /// The internal key and the person of the alert with opaque `id`, if it exists.
    func find(_ id: String) throws -> (key: Int64, account: AccountKey)? {
        try db.fetchOne("SELECT key, account_key FROM alerts WHERE id = ?", [id]) { row in
            (key: try row.value(named: "key"), account: try row.value(named: "account_key"))
        }
    }

    /// The cause and the person of the alert with internal `key`, if it exists.
    func cause(ofAlert key: Int64) throws -> (cause: String, account: AccountKey)? {
        try db.fetchOne("SELECT cause, account_key FROM alerts WHERE key = ?", [key]) { row in
            (cause: try row.value(named: "cause"), account: try row.value(named: "account_key"))
        }
    }

    /// The active alerts of `account` by cause (from `activeAlertCache` on the writer's connection).
    func activeAlerts(of account: AccountKey) throws -> [String: ActiveAlert] {
        try db.cached(Self.activeAlertCache, account) {
            let rows = try db.fetchAll(
                "SELECT cause, key, status FROM alerts WHERE account_key = ? AND status IN ('pending', 'open', 'acknowledged')", [account]
            ) { row in
                (cause: try row.value(named: "cause") as String, alert: ActiveAlert(
                    key: try row.value(named: "key"), status: AlertStatus(rawValue: try row.value(named: "status")) ?? .open))
            }
            return Dictionary(rows.map { ($0.cause, $0.alert) }, uniquingKeysWith: { first, _ in first })
        }
    }

    /// Adds to `batch` the statement that reads the active alerts of `accounts` into
    /// `activeAlertCache`: what a group of writes will ask for.
    func readActiveAlerts(of accounts: [AccountKey], into batch: inout QueryBatch) {
        var found: [AccountKey: [String: ActiveAlert]] = [:]
        let db = db
        batch.add(
            """
            SELECT account_key, cause, key, status FROM alerts
            WHERE \(KeyList.condition("account_key", in: db.dialect)) AND status IN ('pending', 'open', 'acknowledged')
            """,
            [KeyList(keys: accounts).argument(in: db.dialect)],
            row: { row in
                let cause: String = try row.value(named: "cause")
                let alert = ActiveAlert(
                    key: try row.value(named: "key"), status: AlertStatus(rawValue: try row.value(named: "status")) ?? .open)
                let account: AccountKey = try row.value(named: "account_key")
                if found[account]?[cause] == nil { found[account, default: [:]][cause] = alert }
            },
            finish: {
                for account in accounts { db.setCached(Self.activeAlertCache, account, found[account] ?? [:]) }
            })
    }

    /// Whether `account` ever had an alert of `cause`, active or not.
    func hasAlert(of account: AccountKey, cause: String) throws -> Bool {
        try db.fetchOne("SELECT 1 FROM alerts WHERE account_key = ? AND cause = ?", [account, cause]) as Int64? != nil
    }

    /// The causes of the active alerts of `account` on the trip with opaque `tripID`, oldest first.
    func activeCauses(of account: AccountKey, onTrip tripID: String) throws -> [String] {
        try db.fetchAll(
            """
            SELECT cause FROM alerts
            WHERE account_key = ? AND trip_id = ? AND status IN ('pending', 'open', 'acknowledged') ORDER BY key
            """,
            [account, tripID])
    }

    /// The open or acknowledged `unaccompanied` alerts with the distance their zone's rule asks for
    /// (nil when the zone no longer has the rule). The cause is `zone:<id>:unaccompanied`
    /// (`AlertCause.unaccompanied`): the zone is found by its unique id, not by building every
    /// zone's cause.
    func activeUnaccompaniedAlerts() throws -> [(account: AccountKey, cause: String, withinMetres: Double?)] {
        try db.fetchAll(
            """
            SELECT a.account_key, a.cause, z.unaccompanied_within_m FROM alerts a
            JOIN zones z ON z.id = substr(a.cause, 6, length(a.cause) - 19) AND z.account_key = a.account_key
            WHERE a.type = 'unaccompanied' AND a.status IN ('open', 'acknowledged')
            """
        ) { row in
            (account: try row.value(named: "account_key"), cause: try row.value(named: "cause"),
             withinMetres: try row.value(named: "unaccompanied_within_m"))
        }
    }

    /// Every pending countdown: when it fires and its key.
    func pendingCountdowns() throws -> [(firesAt: Int64, key: Int64)] {
        try db.fetchAll("SELECT fires_at_ms, key FROM alerts WHERE status = 'pending' AND fires_at_ms IS NOT NULL") { row in
            (firesAt: try row.value(named: "fires_at_ms"), key: try row.value(named: "key"))
        }
    }

    /// One page of the alerts of `accounts`, and of the alerts inside each of `windows` (a trip
    /// companion's share of a traveller's alerts), newest first, optionally of some statuses and
    /// since a time; `cursor` continues a previous page.
    func page(
        of accounts: [AccountKey], windows: [CompanionWindow] = [], statuses: [AlertStatus], since: Timestamp?,
        after cursor: ListCursor?, limit: Int
    ) throws -> AlertPage {
        var scopes = [accounts.isEmpty ? "FALSE" : "x.account_key IN (\(accounts.map { _ in "?" }.joined(separator: ", ")))"]
        var arguments: [(any DatabaseValueConvertible)?] = accounts
        for window in windows {
            let helpTypes = CompanionWindow.callsForHelp.map { "'\($0.rawValue)'" }.sorted().joined(separator: ", ")
            scopes.append(
                "(x.account_key = ? AND x.created_at_ms >= ? AND x.created_at_ms <= ? AND (x.trip_id = ? OR x.type IN (\(helpTypes))))")
            arguments += [
                window.traveller, window.joinedAt.unixMilliseconds, window.endedAt?.unixMilliseconds ?? Int64.max, window.tripID,
            ]
        }
        var sql = """
            SELECT \(AlertRecord.selection) FROM \(AlertRecord.source)
            WHERE (\(scopes.joined(separator: " OR ")))
            """
        if !statuses.isEmpty {
            sql += " AND x.status IN (\(statuses.map { _ in "?" }.joined(separator: ", ")))"
            arguments += statuses.map(\.rawValue)
        }
        if let since {
            sql += " AND x.created_at_ms >= ?"
            arguments.append(since.unixMilliseconds)
        }
        if let cursor {
            sql += " AND (x.created_at_ms < ? OR (x.created_at_ms = ? AND x.key < ?))"
            arguments += [cursor.timeMilliseconds, cursor.timeMilliseconds, cursor.key]
        }
        sql += " ORDER BY x.created_at_ms DESC, x.key DESC LIMIT ?"
        let page = try ListPage.fetching(limit: limit, { fetchLimit in
            try db.fetchAll(sql, StatementArguments(arguments + [fetchLimit]), map: AlertRecord.init(row:))
        }, cursor: { ListCursor(timeMilliseconds: $0.createdAt.unixMilliseconds, key: $0.key) })
        return AlertPage(alerts: page.items.map(\.resource), nextCursor: page.nextCursor?.text)
    }

    /// The active alerts (pending, open, acknowledged) of `accounts`, oldest first: what a stream
    /// that reconnects after its events left the replay buffer is sent.
    func activeAlerts(of accounts: [AccountKey]) throws -> [(alert: AlertResource, account: AccountKey)] {
        guard !accounts.isEmpty else { return [] }
        return try db.fetchAll(
            """
            SELECT \(AlertRecord.selection) FROM \(AlertRecord.source)
            WHERE x.status IN ('pending', 'open', 'acknowledged')
              AND x.account_key IN (\(accounts.map { _ in "?" }.joined(separator: ", ")))
            ORDER BY x.created_at_ms, x.key
            """,
            StatementArguments(accounts)
        ) { row in
            let record = try AlertRecord(row: row)
            return (alert: record.resource, account: record.accountKey)
        }
    }

    // MARK: Raising and changing status

    /// Stores a new alert of `account` as `request` asks, with opaque `id`; returns its key. Keys are
    /// never reused (`retired_keys`).
    func insert(_ request: AlertRequest, id: String, for account: AccountKey, at time: Timestamp) throws -> Int64 {
        let key = try NewKeyStore(db: db).insert(
            into: "alerts",
            columns: ["id", "account_key", "type", "status", "cause", "trip_id", "message", "lat", "lon", "accuracy_m",
                      "created_at_ms", "fires_at_ms", "evidence"],
            values: [id, account, request.type.rawValue, request.status.rawValue, request.cause,
                     request.tripID, request.message, request.location?.lat, request.location?.lon,
                     request.location?.accuracy, time.unixMilliseconds, request.firesAt?.unixMilliseconds,
                     try request.evidence?.storedJSON()]
        )
        db.updateCached(Self.activeAlertCache, account) { $0[request.cause] = ActiveAlert(key: key, status: request.status) }
        if request.location == nil, request.status == .open, request.type.callsForHelp {
            try attachNewestFix(to: key)
        }
        return key
    }

    /// Gives alert `key`, raised without a position, the person's newest stored fix with its time and
    /// accuracy, so whoever is told knows where and how old the position is (nothing when the person
    /// never sent one).
    private func attachNewestFix(to key: Int64) throws {
        try db.execute("UPDATE alerts SET \(Self.newestFixAssignments) WHERE key = ?", key)
    }

    /// The assignments that copy the person's newest stored fix into an alert that has no position.
    private static let newestFixAssignments = """
        location_at_ms = CASE WHEN lat IS NULL THEN (SELECT t_ms FROM latest_locations l WHERE l.account_key = alerts.account_key) ELSE location_at_ms END,
        accuracy_m = CASE WHEN lat IS NULL THEN (SELECT accuracy_m FROM latest_locations l WHERE l.account_key = alerts.account_key) ELSE accuracy_m END,
        lat = coalesce(lat, (SELECT lat FROM latest_locations l WHERE l.account_key = alerts.account_key)),
        lon = coalesce(lon, (SELECT lon FROM latest_locations l WHERE l.account_key = alerts.account_key))
        """

    /// Marks the active alert `key` (of `account`, for `cause`) resolved at `time`.
    func markResolved(_ key: Int64, cause: String, of account: AccountKey, at time: Timestamp) throws {
        try db.execute(
            "UPDATE alerts SET status = 'resolved', resolved_at_ms = ?, escalates_at_ms = NULL WHERE key = ?", time.unixMilliseconds, key
        )
        db.updateCached(Self.activeAlertCache, account) { $0[cause] = nil }
    }

    /// Opens the pending countdown `key` at `time` (`late`: after a restart), carrying the person's
    /// last fix, its time and accuracy when it has no location of its own; returns its person and type,
    /// nil if it is no longer pending.
    func markFired(_ key: Int64, at time: Timestamp, late: Bool) throws -> (account: AccountKey, type: AlertType)? {
        try db.execute(
            """
            UPDATE alerts SET status = 'open', fired_at_ms = ?1, fired_late = ?2, \(Self.newestFixAssignments)
            WHERE key = ?3 AND status = 'pending'
            """,
            time.unixMilliseconds, late, key
        )
        guard db.changes == 1 else { return nil }
        let fired = try db.fetchOne("SELECT account_key, type FROM alerts WHERE key = ?", [key]) { row in
            (account: try row.value(named: "account_key") as AccountKey, type: AlertType(rawValue: try row.value(named: "type")) ?? .danger)
        }
        let account = fired?.account ?? 0
        db.removeCached(Self.activeAlertCache, account)
        return (account, fired?.type ?? .danger)
    }

    /// Cancels the pending countdown `key` at `time`; returns its person, nil if it is no longer pending.
    func markCancelled(_ key: Int64, at time: Timestamp) throws -> AccountKey? {
        try db.execute(
            "UPDATE alerts SET status = 'cancelled', resolved_at_ms = ?, escalates_at_ms = NULL WHERE key = ? AND status = 'pending'",
            time.unixMilliseconds, key
        )
        guard db.changes == 1 else { return nil }
        return try accountOfChanged(key)
    }

    /// Records that `guardian` acknowledged the open alert `key` at `time`; returns its person, nil if
    /// it is not open.
    func markAcknowledged(_ key: Int64, by guardian: AccountKey, at time: Timestamp) throws -> AccountKey? {
        try db.execute(
            """
            UPDATE alerts SET status = 'acknowledged', acknowledged_by_key = ?, acknowledged_at_ms = ?, escalates_at_ms = NULL
            WHERE key = ? AND status = 'open'
            """,
            guardian, time.unixMilliseconds, key
        )
        guard db.changes == 1 else { return nil }
        return try accountOfChanged(key)
    }

    /// Records that `account` marked the alert `key` a false alarm at `time`.
    func markFalseAlarm(_ key: Int64, by account: AccountKey, at time: Timestamp) throws {
        try db.execute(
            "UPDATE alerts SET false_alarm_at_ms = ?, false_alarm_by_key = ? WHERE key = ?", time.unixMilliseconds, account, key)
    }

    /// The person of the alert `key` whose status just changed, dropping their cached active alerts.
    private func accountOfChanged(_ key: Int64) throws -> AccountKey {
        let account: AccountKey = try db.fetchOne("SELECT account_key FROM alerts WHERE key = ?", [key]) ?? 0
        db.removeCached(Self.activeAlertCache, account)
        return account
    }

    // MARK: Escalation

    /// The person, type, escalation step and status of alert `key` when its escalation is due at
    /// `time`; nil when it is not.
    func dueEscalation(
        of key: Int64, at time: Timestamp
    ) throws -> (account: AccountKey, type: String, step: Int, status: String)? {
        try db.fetchOne(
            "SELECT account_key, type, escalation_step, status FROM alerts WHERE key = ? AND escalates_at_ms <= ?",
            [key, time.unixMilliseconds]
        ) { row in
            (account: try row.value(named: "account_key"), type: try row.value(named: "type"),
             step: try row.value(named: "escalation_step"), status: try row.value(named: "status"))
        }
    }

    /// Sets when alert `key` escalates next (nil: never).
    func setEscalation(of key: Int64, at time: Int64?) throws {
        try db.execute("UPDATE alerts SET escalates_at_ms = ? WHERE key = ?", time, key)
    }

    /// Records escalation `step` of alert `key` at `time`, and when it escalates next (nil: never).
    func recordEscalation(of key: Int64, step: Int, at time: Timestamp, next: Int64?) throws {
        try db.execute(
            "UPDATE alerts SET escalation_step = ?, escalated_at_ms = ?, escalates_at_ms = ? WHERE key = ?",
            step, time.unixMilliseconds, next, key)
    }

    /// The earliest time an open alert is due to escalate, if any is.
    func nextEscalation() throws -> Timestamp? {
        try db.fetchOne("SELECT min(escalates_at_ms) FROM alerts WHERE escalates_at_ms IS NOT NULL")
    }

    /// The alerts due to escalate at `time`, earliest first, at most `limit`.
    func dueEscalations(at time: Timestamp, limit: Int) throws -> [Int64] {
        try db.fetchAll(
            "SELECT key FROM alerts WHERE escalates_at_ms <= ? ORDER BY escalates_at_ms LIMIT ?", [time.unixMilliseconds, limit])
    }
}
