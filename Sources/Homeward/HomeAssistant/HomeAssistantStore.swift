import HomewardStore

/// The SQL of `home_assistant_people`: who is shown in Home Assistant, on the connection of the
/// caller's read or write block. A person is shown while the one who turned it on may still see
/// them: the person themselves, or a guardian still linked. A guardian whose link ended (the row is
/// deleted with the link) or whose account is gone (`enabled_by_key` NULL) shows no one any more.
struct HomeAssistantStore {
    /// The connection of the current block.
    let db: Database

    /// Rows whose enabler may still see the person (`h` is `home_assistant_people`).
    private static let stillAllowed = """
        (h.enabled_by_key = h.account_key
         OR EXISTS (SELECT 1 FROM links l WHERE l.guardian_key = h.enabled_by_key AND l.dependent_key = h.account_key))
        """

    /// Whether `account` is shown in Home Assistant.
    func isShown(_ account: AccountKey) throws -> Bool {
        try db.fetchOne(
            "SELECT 1 AS shown FROM home_assistant_people h WHERE h.account_key = ? AND \(Self.stillAllowed)", [account]
        ) { _ in true } ?? false
    }

    /// Shows `account` in Home Assistant from `time`, as `by` asked (kept when already shown; a row
    /// left by an enabler who lost access is taken over).
    func show(_ account: AccountKey, at time: Timestamp, by: AccountKey) throws {
        guard try !isShown(account) else { return }
        try hide(account)
        try db.execute(
            "INSERT INTO home_assistant_people (account_key, enabled_at_ms, enabled_by_key) VALUES (?, ?, ?)",
            account, time.unixMilliseconds, by)
    }

    /// Stops showing `account` in Home Assistant.
    func hide(_ account: AccountKey) throws {
        try db.execute("DELETE FROM home_assistant_people WHERE account_key = ?", account)
    }

    /// Stops showing `account` if `guardian` turned it on (the guardian's link ended).
    func hide(_ account: AccountKey, ifShownBy guardian: AccountKey) throws {
        try db.execute("DELETE FROM home_assistant_people WHERE account_key = ? AND enabled_by_key = ?", account, guardian)
    }

    /// Everyone shown in Home Assistant, with their account ids.
    func people() throws -> [(key: AccountKey, id: String)] {
        try db.fetchAll(
            """
            SELECT h.account_key, a.id FROM home_assistant_people h JOIN accounts a ON a.key = h.account_key
            WHERE \(Self.stillAllowed) ORDER BY h.account_key
            """, []
        ) { row in (try row.value(named: "account_key"), try row.value(named: "id")) }
    }
}
