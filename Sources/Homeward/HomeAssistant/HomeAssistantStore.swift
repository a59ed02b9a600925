import HomewardStore

/// The SQL of `home_assistant_people`: who is shown in Home Assistant, on the connection of the
/// caller's read or write block.
struct HomeAssistantStore {
    /// The connection of the current block.
    let db: Database

    /// Whether `account` is shown in Home Assistant.
    func isShown(_ account: AccountKey) throws -> Bool {
        try db.fetchOne("SELECT 1 AS shown FROM home_assistant_people WHERE account_key = ?", [account]) { _ in true } ?? false
    }

    /// Shows `account` in Home Assistant from `time`, as `by` asked (kept when already shown).
    func show(_ account: AccountKey, at time: Timestamp, by: AccountKey) throws {
        guard try !isShown(account) else { return }
        try db.execute(
            "INSERT INTO home_assistant_people (account_key, enabled_at_ms, enabled_by_key) VALUES (?, ?, ?)",
            account, time.unixMilliseconds, by)
    }

    /// Stops showing `account` in Home Assistant.
    func hide(_ account: AccountKey) throws {
        try db.execute("DELETE FROM home_assistant_people WHERE account_key = ?", account)
    }

    /// Everyone shown in Home Assistant, with their account ids.
    func people() throws -> [(key: AccountKey, id: String)] {
        try db.fetchAll(
            "SELECT h.account_key, a.id FROM home_assistant_people h JOIN accounts a ON a.key = h.account_key ORDER BY h.account_key", []
        ) { row in (try row.value(named: "account_key"), try row.value(named: "id")) }
    }
}
