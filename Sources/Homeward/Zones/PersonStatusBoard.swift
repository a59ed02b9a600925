import Synchronization

/// The latest `PersonStatus` of every tracked person, written by the geo reactions and read by the
/// guardian views without touching the database.
public final class PersonStatusBoard: Sendable {
    private let statuses = Mutex<[AccountKey: PersonStatus]>([:])

    /// Creates an empty board.
    public init() {}

    /// Records the status of `account`.
    public func set(_ status: PersonStatus, for account: AccountKey) {
        statuses.withLock { $0[account] = status }
    }

    /// The status of `account`, if the reactions have seen it.
    public func status(of account: AccountKey) -> PersonStatus? {
        statuses.withLock { $0[account] }
    }

    /// Forgets `account` (deleted, or its zones changed and it must be re-evaluated).
    public func forget(_ account: AccountKey) {
        _ = statuses.withLock { $0.removeValue(forKey: account) }
    }
}
