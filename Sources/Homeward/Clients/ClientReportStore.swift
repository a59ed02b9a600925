import HomewardStore

/// SQL access to `client_reports` and to the push token a device registered.
struct ClientReportStore {
    /// Stores `report` of `account` unless it has the same one (kind, time and body): a client resending
    /// its queue stores it once. True when stored.
    @discardableResult
    func insert(_ report: ClientReport, of account: AccountKey, receivedAt now: Timestamp, in db: Database) throws -> Bool {
        let body = report.body
        let existing: Int64? = try db.fetchOne(
            "SELECT key FROM client_reports WHERE account_key = ? AND kind = ? AND t_ms = ? AND body = ?",
            [account, report.kind.rawValue, report.time.unixMilliseconds, body])
        guard existing == nil else { return false }
        try db.execute(
            """
            INSERT INTO client_reports (account_key, client, kind, name, t_ms, lat, lon, body, received_at_ms)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
            """,
            account, report.client.rawValue, report.kind.rawValue, report.name, report.time.unixMilliseconds,
            report.lat, report.lon, body, now.unixMilliseconds)
        return true
    }

    /// The reports of `account` of `kind`, oldest first, with their names, times, positions and bodies.
    func reports(
        of account: AccountKey, kind: ClientReport.Kind, in db: Database
    ) throws -> [(name: String?, time: Timestamp, lat: Double?, lon: Double?, body: String)] {
        try db.fetchAll(
            "SELECT name, t_ms, lat, lon, body FROM client_reports WHERE account_key = ? AND kind = ? ORDER BY t_ms, key",
            [account, kind.rawValue]
        ) { row in
            (name: try row.value(at: 0), time: Timestamp(unixMilliseconds: try row.value(at: 1)),
             lat: try row.value(at: 2), lon: try row.value(at: 3), body: try row.value(at: 4))
        }
    }

    /// Keeps `token` as the push token of device `id` of `account`.
    func saveNotificationToken(_ token: String, forDevice id: String, of account: AccountKey, in db: Database) throws {
        try db.execute("UPDATE devices SET notification_token = ? WHERE id = ? AND account_key = ?", token, id, account)
    }
}
