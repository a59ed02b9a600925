import HomewardStore

/// Reacts to fresh location fixes of one account: zones, wandering, trip progress, alerts.
///
/// Ingest calls every observer inside the write transaction that stored the fixes, with only the
/// fixes newer than the account's previous latest fix, oldest first (a late offline buffer goes
/// into history without reaching observers). What an observer writes (alerts, their webhook
/// outbox rows) is therefore durable exactly when the samples are; the events it returns are
/// published once the transaction has committed.
public protocol LocationObserver: Sendable {
    /// Handles `fixes` of `account`, writing what it must through `db`; returns events to publish.
    func observe(_ fixes: [ObservedFix], of account: AccountKey, in db: Database) throws -> [AppEvent]
}
