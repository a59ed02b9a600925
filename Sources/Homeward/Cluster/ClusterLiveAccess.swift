/// Changes of access told to this node's streams and, through the relay, to every other node's:
/// a viewer whose access ends loses it on every node at once, not only on the node that saw the change.
struct ClusterLiveAccess: LiveAccess {
    /// This node's streams.
    let local: any LiveAccess
    /// The other nodes.
    let relay: ClusterEventRelay

    func guardianshipEnded(of person: AccountKey, by guardian: AccountKey) {
        local.guardianshipEnded(of: person, by: guardian)
        relay.send(.guardianshipEnded(person: person, guardian: guardian))
    }

    func tripEnded(_ tripID: String, of traveller: AccountKey) {
        local.tripEnded(tripID, of: traveller)
        relay.send(.tripEnded(tripID: tripID, traveller: traveller))
    }

    func sessionsEnded(of account: AccountKey, except kept: String?) {
        local.sessionsEnded(of: account, except: kept)
        relay.send(.sessionsEnded(account: account, except: kept))
    }

    func sessionEnded(_ sessionID: String) {
        local.sessionEnded(sessionID)
        relay.send(.sessionEnded(id: sessionID))
    }
}
