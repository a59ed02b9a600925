/// How a transaction takes the database lock.
public enum TransactionKind: String, Sendable {
    /// Takes locks on first use (`BEGIN DEFERRED`); right for reads.
    case deferred = "DEFERRED"
    /// Takes the write lock at once (`BEGIN IMMEDIATE`), so the transaction cannot fail to upgrade later.
    case immediate = "IMMEDIATE"
}
