import HomewardStore

/// The SQL of `client_reports`, on the connection of the caller's read or write block.
struct ClientReportStore {
    /// The connection of the current block.
    let db: Database

    /// Stores `report` of `account` unless it has the same one (kind, time and body): a client resending
    /// its queue stores it once. True when stored.
    @discardableResult
    func insert(_ report: ClientReport, of account: AccountKey, receivedAt now: Timestamp) throws -> Bool {
        let body = report.body
        let existing = try db.fetchOne(
            "SELECT key FROM client_reports WHERE account_key = ? AND kind = ? AND t_ms = ? AND body = ?",
            [account, report.kind.rawValue, report.time.unixMilliseconds, body]
        ) { row in try row.value(named: "key") as Int64 }
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
        of account: AccountKey, kind: ClientReport.Kind
    ) throws -> [(name: String?, time: Timestamp, lat: Double?, lon: Double?, body: String)] {
        try db.fetchAll(
            "SELECT name, t_ms, lat, lon, body FROM client_reports WHERE account_key = ? AND kind = ? ORDER BY t_ms, key",
            [account, kind.rawValue]
        ) { row in
            (name: try row.value(named: "name"), time: Timestamp(unixMilliseconds: try row.value(named: "t_ms")),
             lat: try row.value(named: "lat"), lon: try row.value(named: "lon"), body: try row.value(named: "body"))
        }
    }
}
