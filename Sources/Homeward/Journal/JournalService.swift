import HomewardHTTP
import HomewardStore

/// What the journal endpoints do: write and delete the caller's own entries, and read an account's
/// entries and daily totals for the account or its guardians (`AccessPolicy`, 404 otherwise).
struct JournalService: Sendable {
    /// Holds the journal entries.
    let database: any DatabaseWriter
    /// Decides whose journal the caller may read (404 otherwise).
    let accessPolicy: AccessPolicy
    /// The time an entry is written and the end of a daily summary.
    let clock: any WallClock

    /// Stores the entry `request` describes in the caller's journal.
    func add(_ request: JournalEntryRequest, by caller: Caller) throws -> JournalEntry {
        let entry = try request.validated(id: SecureRandom.identifier(), now: clock.now())
        try database.write { db in try JournalStore(db: db).insert(entry, for: caller.accountKey) }
        return entry
    }

    /// One page of the entries of the account `accountID` (nil: the caller's), of `kind` when given.
    func entries(of accountID: String?, kind: JournalKind?, matching query: ListQuery, for caller: Caller) throws -> JournalEntryList {
        let page = try database.read { db in
            let account = try accessPolicy.readableAccount(accountID, by: caller, in: db)
            return try JournalStore(db: db).entries(of: account, kind: kind, matching: query)
        }
        return JournalEntryList(entries: page.items, nextCursor: page.nextCursor?.text)
    }

    /// Deletes the caller's entry `id`; 404 when they have none such.
    func delete(_ id: String, by caller: Caller) throws {
        let deleted = try database.write { db in try JournalStore(db: db).deleteEntry(id, of: caller.accountKey) }
        guard deleted else { throw HTTPError.notFound() }
    }

    /// The daily totals `query` asks for of the account `accountID` (nil: the caller's).
    func dailyTotals(of accountID: String?, _ query: JournalDailyQuery, for caller: Caller) throws -> JournalDailyTotals {
        let entries = try database.read { db in
            let account = try accessPolicy.readableAccount(accountID, by: caller, in: db)
            return try JournalStore(db: db).entriesCounting(of: account, from: query.start, to: query.end)
        }
        return JournalDailyTotals(days: query.days(totalling: entries))
    }
}
