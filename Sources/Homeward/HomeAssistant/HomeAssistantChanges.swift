import Synchronization

/// Where a committed change of who is shown in Home Assistant is told, so the entity follows the
/// commit instead of the next `--mqtt-refresh-seconds` comparison: this node's MQTT service and,
/// on PostgreSQL, through the cluster relay every other node's (one node talks to the broker).
/// A change of one person's setting republishes or removes that person; a change of access (a
/// link ended, an account deleted: the guardian who turned the setting on may be gone) compares
/// everyone shown with the database at once.
final class HomeAssistantChanges: AccountMemory {
    private let relay: ClusterEventRelay?
    private let service = Mutex<MQTTService?>(nil)

    /// Tells this node's MQTT service (from `attach`) and the nodes behind `relay`.
    init(relay: ClusterEventRelay?) {
        self.relay = relay
    }

    /// This node's MQTT service, made after the services that tell this; nil without a broker.
    func attach(_ mqtt: MQTTService?) {
        service.withLock { $0 = mqtt }
    }

    /// "Show in Home Assistant" of `account` was changed (committed).
    func settingChanged(_ account: AccountKey) {
        heard(account)
        relay?.send(.homeAssistantChanged(account: account))
    }

    /// Access was taken back (committed): who is shown is compared with the database at once.
    func accessChanged() {
        heard(nil)
        relay?.send(.homeAssistantChanged(account: nil))
    }

    /// An account was deleted (committed): its entity goes, and so do those a guardian it was
    /// had turned on.
    func forget(_ account: AccountKey) {
        accessChanged()
    }

    /// A change told here or by another node: `account`'s setting, or (nil) access.
    func heard(_ account: AccountKey?) {
        guard let mqtt = service.withLock({ $0 }) else { return }
        if let account { mqtt.homeAssistantChanged(account) } else { mqtt.homeAssistantAccessChanged() }
    }
}
