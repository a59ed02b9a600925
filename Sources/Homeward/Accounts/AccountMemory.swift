/// Something the server keeps in memory about accounts (a tracker, a cached session, a status, an
/// open stream) that must go when the account goes: account deletion calls `forget` on every one
/// once the deletion has committed, so nothing of a deleted person outlives their rows.
public protocol AccountMemory: Sendable {
    /// Drops everything held about `account`.
    func forget(_ account: AccountKey)
}

extension Presence: AccountMemory {}
extension PersonStatusBoard: AccountMemory {}

extension Authenticator: AccountMemory {
    /// Forgets the account's remembered sessions and Basic logins.
    public func forget(_ account: AccountKey) {
        forgetBasicLogins(of: account)
        forgetSessions(of: account)
    }
}

extension ZoneObserver: AccountMemory {
    /// Drops the account's geo tracker.
    public func forget(_ account: AccountKey) {
        invalidate(account)
    }
}

extension TripMonitor: AccountMemory {
    /// Drops the route trackers of the account's trips.
    public func forget(_ account: AccountKey) {
        trackers.forget(tripsOf: account)
    }
}
