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
    /// Learns that `fixes` of `account`, older than its latest fix, were stored by the write open in
    /// `db` (oldest first); the default ignores them.
    func observeLate(_ fixes: [ObservedFix], of account: AccountKey, in db: Database) throws
}

extension LocationObserver {
    /// Late fixes change nothing for an observer that only reacts to the present.
    public func observeLate(_ fixes: [ObservedFix], of account: AccountKey, in db: Database) throws {}
}
