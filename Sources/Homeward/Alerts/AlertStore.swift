import HomewardHTTP
import HomewardStore

/// SQL access to the `alerts` table for the API: visibility, listing and lookup by opaque id.
public struct AlertStore: Sendable {
    /// Most alerts one page may hold.
    public static let maxPageSize = 1000
    /// Page size when the client does not say.
    public static let defaultPageSize = 100

    /// Creates the store.
    public init() {}

    /// The internal key and the person of the alert with opaque `id`, if it exists.
    public func find(_ id: String, in db: Database) throws -> (key: Int64, account: AccountKey)? {
        try db.fetchOne("SELECT key, account_key FROM alerts WHERE id = ?", [id]) { row in
            (key: try row.value(at: 0), account: try row.value(at: 1))
        }
    }

    /// The key of the alert with opaque `id`; 404 if there is none.
    public func key(of id: String, in db: Database) throws -> Int64 {
        guard let found = try find(id, in: db) else { throw HTTPError.notFound() }
        return found.key
    }

    /// One page of the alerts of `accounts`, and of the alerts inside each of `windows` (a trip
    /// companion's share of a traveller's alerts), newest first, optionally of some statuses and
    /// since a time; `cursor` continues a previous page.
    public func page(
        of accounts: [AccountKey], windows: [CompanionWindow] = [], statuses: [AlertStatus], since: Timestamp?,
        cursor: String?, limit: Int, in db: Database
    ) throws -> AlertPage {
        var scopes = ["x.account_key IN (\(accounts.map { _ in "?" }.joined(separator: ", ")))"]
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
            SELECT \(AlertResource.selection), x.key FROM \(AlertResource.source)
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
            let position = try ListCursor(parsing: cursor)
            sql += " AND (x.created_at_ms < ? OR (x.created_at_ms = ? AND x.key < ?))"
            arguments += [position.timeMilliseconds, position.timeMilliseconds, position.key]
        }
        sql += " ORDER BY x.created_at_ms DESC, x.key DESC LIMIT ?"
        arguments.append(limit + 1)
        let rows = try db.fetchAll(sql, StatementArguments(arguments)) { row in
            (alert: try AlertResource(row: row), key: try row.value(at: AlertResource.selectionColumnCount) as Int64)
        }
        let shown = rows.prefix(limit)
        let next = rows.count > limit ? shown.last.map { ListCursor(timeMilliseconds: $0.alert.createdAt.unixMilliseconds, key: $0.key).text } : nil
        return AlertPage(alerts: shown.map(\.alert), nextCursor: next)
    }

    /// The active alerts (pending, open, acknowledged) of `accounts`, oldest first: what a stream
    /// that reconnects after its events left the replay buffer is sent.
    public func activeAlerts(of accounts: [AccountKey], in db: Database) throws -> [(alert: AlertResource, account: AccountKey)] {
        guard !accounts.isEmpty else { return [] }
        return try db.fetchAll(
            """
            SELECT \(AlertResource.selection), x.account_key FROM \(AlertResource.source)
            WHERE x.status IN ('pending', 'open', 'acknowledged')
              AND x.account_key IN (\(accounts.map { _ in "?" }.joined(separator: ", ")))
            ORDER BY x.created_at_ms, x.key
            """,
            StatementArguments(accounts)
        ) { row in (alert: try AlertResource(row: row), account: try row.value(at: AlertResource.selectionColumnCount)) }
    }
}
