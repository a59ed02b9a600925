import Synchronization

/// The last time each account made an authenticated request (its heartbeat), kept in memory so that
/// reads never wait for the database; the `Authenticator` persists it at most once a minute.
public final class Presence: Sendable {
    private let lastSeen = Mutex<[AccountKey: Timestamp]>([:])

    /// Creates an empty table.
    public init() {}

    /// Records a heartbeat of `account` at `time`.
    public func touch(_ account: AccountKey, at time: Timestamp) {
        lastSeen.withLock { table in
            if let known = table[account], known >= time { return }
            table[account] = time
        }
    }

    /// The last heartbeat of `account` this process saw, if any.
    public func lastSeen(_ account: AccountKey) -> Timestamp? {
        lastSeen.withLock { $0[account] }
    }

    /// Forgets `account` (it was deleted).
    public func forget(_ account: AccountKey) {
        _ = lastSeen.withLock { $0.removeValue(forKey: account) }
    }
}
