import Foundation
import HomewardStore

/// The SQL of `notification_settings` (quiet hours, escalation delays) and of the person's order of
/// guardians (`links.escalation_rank`), on the connection of the caller's read or write block.
struct NotificationSettingsStore {
    /// The connection of the current block.
    let db: Database

    /// The quiet hours of `account`, if set.
    func quietHours(of account: AccountKey) throws -> QuietHours? {
        try db.fetchOne(Self.quietHoursSQL, [account], map: Self.quietHours)
    }

    /// Adds the read of `account`'s quiet hours to `batch`; `found` gets them (nil when unset) once
    /// it ran (`Database.run(_:)`: one round trip for a whole batch on PostgreSQL).
    static func readQuietHours(of account: AccountKey, into batch: inout QueryBatch, found: @escaping (QuietHours?) -> Void) {
        var hours: QuietHours?
        batch.add(quietHoursSQL, [account], row: { row in hours = try quietHours(row) }, finish: { found(hours) })
    }

    private static let quietHoursSQL =
        "SELECT quiet_start, quiet_end, quiet_time_zone FROM notification_settings WHERE account_key = ? AND quiet_start IS NOT NULL"

    private static func quietHours(_ row: Row) throws -> QuietHours {
        QuietHours(
            start: try row.value(named: "quiet_start"), end: try row.value(named: "quiet_end"),
            timeZone: try row.value(named: "quiet_time_zone"))
    }

    /// Sets (or with nil clears) the quiet hours of `account`.
    func setQuietHours(_ hours: QuietHours?, of account: AccountKey) throws {
        try db.execute(
            """
            INSERT INTO notification_settings (account_key, quiet_start, quiet_end, quiet_time_zone) VALUES (?, ?, ?, ?)
            ON CONFLICT (account_key) DO UPDATE SET
                quiet_start = excluded.quiet_start, quiet_end = excluded.quiet_end, quiet_time_zone = excluded.quiet_time_zone
            """,
            account, hours?.start, hours?.end, hours?.timeZone)
    }

    /// The escalation delays `account` chose, defaults filled in.
    func escalation(of account: AccountKey) throws -> EscalationSettings {
        let json: String? = try db.fetchOne("SELECT escalation_minutes FROM notification_settings WHERE account_key = ?", [account])
        guard let json, let minutes = try? JSONDecoder().decode([String: Int?].self, from: Data(json.utf8)) else {
            return EscalationSettings.defaults.resolved
        }
        return EscalationSettings(minutes: minutes).resolved
    }

    /// Stores the escalation delays of `account`.
    func setEscalation(_ settings: EscalationSettings, of account: AccountKey) throws {
        let json = String(decoding: try JSONBytes.encode(settings.resolved.minutes), as: UTF8.self)
        try db.execute(
            """
            INSERT INTO notification_settings (account_key, escalation_minutes) VALUES (?, ?)
            ON CONFLICT (account_key) DO UPDATE SET escalation_minutes = excluded.escalation_minutes
            """,
            account, json)
    }

    /// The guardians `account` placed in its order, first first.
    func order(of account: AccountKey) throws -> [AlertResource.AccountSummary] {
        try db.fetchAll(
            """
            SELECT a.id, a.name FROM links l JOIN accounts a ON a.key = l.guardian_key
            WHERE l.dependent_key = ? AND l.escalation_rank IS NOT NULL ORDER BY l.escalation_rank
            """,
            [account]
        ) { row in AlertResource.AccountSummary(id: try row.value(named: "id"), name: try row.value(named: "name")) }
    }

    /// The keys of the guardians `account` placed in its order, first first.
    func orderedGuardians(of account: AccountKey) throws -> [AccountKey] {
        try db.fetchAll(
            "SELECT guardian_key FROM links WHERE dependent_key = ? AND escalation_rank IS NOT NULL ORDER BY escalation_rank",
            [account])
    }

    /// Places the guardians named by `ids` (account ids) in that order; every other guardian of
    /// `account` leaves the order. Refuses (`EscalationOrderError`) an order that is too long, names a
    /// guardian twice or names someone who is not one of the person's guardians.
    func setOrder(_ ids: [String], of account: AccountKey) throws {
        guard ids.count <= EscalationRequest.maxOrderCount else { throw EscalationOrderError.tooLong }
        guard Set(ids).count == ids.count else { throw EscalationOrderError.repeated }
        var links: [String] = []
        for (index, id) in ids.enumerated() {
            let link: String? = try db.fetchOne(
                "SELECT l.id FROM links l JOIN accounts a ON a.key = l.guardian_key WHERE l.dependent_key = ? AND a.id = ?",
                [account, id])
            // Anyone who is not a guardian of the person is absent to them, as everywhere.
            guard let link else { throw EscalationOrderError.notAGuardian(index: index) }
            links.append(link)
        }
        try db.execute("UPDATE links SET escalation_rank = NULL WHERE dependent_key = ?", account)
        for (index, link) in links.enumerated() {
            try db.execute("UPDATE links SET escalation_rank = ? WHERE id = ?", index + 1, link)
        }
    }
}
