import HomewardStore

/// Reacts to fresh location fixes of one account: zones, wandering, trip progress, alerts.
///
/// Ingest calls every observer inside the write transaction that stored the fixes, with only the
/// fixes newer than the account's previous latest fix, oldest first; a late offline buffer goes
/// into history and reaches observers only through `observeLate` (alerts are never raised for the
/// past, but what is learned from history can take it). What an observer writes (alerts, their
/// webhook outbox rows) is therefore durable exactly when the samples are; the events it returns
/// are published once the transaction has committed.
public protocol LocationObserver: Sendable {
    /// Handles `fixes` of `account`, writing what it must through `db`; returns events to publish.
    func observe(_ fixes: [ObservedFix], of account: AccountKey, in db: Database) throws -> [AppEvent]
    /// Handles `fixes` as `observe(_:of:in:)` does, knowing that `previousNewest` was the time of
    /// the newest fix `account` had stored before them (nil: none known). An observer that keeps
    /// state across nodes can then spare the read that asks whether another node stored a fix it
    /// did not see. The default ignores it.
    func observe(_ fixes: [ObservedFix], of account: AccountKey, storedUpTo previousNewest: Timestamp?, in db: Database) throws -> [AppEvent]
    /// Adds to `batch` the queries that read what this observer will ask of `accounts` in a group of
    /// writes about to run (`DatabaseWriter.prepareGroups`) into the write caches: the batch runs in
    /// one round trip on PostgreSQL. The default reads nothing.
    func readAhead(of accounts: [AccountKey], into batch: inout QueryBatch, in db: Database)
    /// Learns that `fixes` of `account`, older than its latest fix, were stored by the write open in
    /// `db` (oldest first); the default ignores them.
    func observeLate(_ fixes: [ObservedFix], of account: AccountKey, in db: Database) throws
}

extension LocationObserver {
    /// As `observe(_:of:in:)`.
    public func observe(
        _ fixes: [ObservedFix], of account: AccountKey, storedUpTo previousNewest: Timestamp?, in db: Database
    ) throws -> [AppEvent] {
        try observe(fixes, of: account, in: db)
    }

    /// Nothing to read ahead.
    public func readAhead(of accounts: [AccountKey], into batch: inout QueryBatch, in db: Database) {}

    /// Late fixes change nothing for an observer that only reacts to the present.
    public func observeLate(_ fixes: [ObservedFix], of account: AccountKey, in db: Database) throws {}
}
