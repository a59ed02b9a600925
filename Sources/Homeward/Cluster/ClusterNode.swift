/// This node's part of the cluster on a shared PostgreSQL database, as a lifecycle service: the
/// relay, and what the other nodes' messages do here. Their events go where this node's own go
/// (`NodeEventSink`, not through the `EventBus`, so nothing is relayed back); their changes of
/// access reach the streams and the remembered sessions, and their changes of a person's zones or
/// settings drop that person's tracker here.
struct ClusterNode: LifecycleService {
    /// Sends this node's messages and hears the others'.
    let relay: ClusterEventRelay
    /// Where relayed events go.
    let events: NodeEventSink
    /// Forgets the sessions and logins another node ended.
    let authenticator: Authenticator
    /// Tells this node's MQTT service who another node showed in or took out of Home Assistant.
    let homeAssistant: HomeAssistantChanges
    /// Drops the trackers of people whose zones or settings another node changed.
    let trackers: ZoneObserver

    func start() {
        relay.start { message in receive(message) }
    }

    func stop() {
        relay.stop()
    }

    /// Applies one message of another node.
    private func receive(_ message: ClusterMessage) {
        switch message {
        case .event(let relayed):
            guard let event = relayed.appEvent else { return }
            events.receive(event)
        case .guardianshipEnded(let person, let guardian):
            events.streams.guardianshipEnded(of: person, by: guardian)
        case .tripEnded(let tripID, let traveller):
            events.streams.tripEnded(tripID, of: traveller)
        case .sessionsEnded(let account, let kept):
            events.streams.sessionsEnded(of: account, except: kept)
            authenticator.forgetSessions(of: account)
            authenticator.forgetBasicLogins(of: account)
        case .sessionEnded(let id):
            events.streams.sessionEnded(id)
        case .homeAssistantChanged(let account):
            homeAssistant.heard(account)
        case .trackerSettingsChanged(let account, let keepingRoutine):
            trackers.invalidate(account, keepingRoutine: keepingRoutine)
        case .historyChanged(let account):
            trackers.routineIsStale(account)
        }
    }
}
