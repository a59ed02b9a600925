/// Where a write that takes access back tells the live side at once, from its commit: the event
/// streams stop carrying what the viewer may no longer see before anything committed later is
/// published (`EventStreamHub` is the one implementation).
public protocol LiveAccess: Sendable {
    /// The link between `guardian` and `person` ended.
    func guardianshipEnded(of person: AccountKey, by guardian: AccountKey)
    /// Trip `tripID` of `traveller` ended (arrived or deleted): its companions stop receiving the
    /// traveller's position; the trip's own events (its arrival) still reach them.
    func tripEnded(_ tripID: String, of traveller: AccountKey)
    /// Every session of `account` but `kept` ended (a password change).
    func sessionsEnded(of account: AccountKey, except kept: String?)
    /// Session `sessionID` ended (a logout, a session revoked).
    func sessionEnded(_ sessionID: String)
}
