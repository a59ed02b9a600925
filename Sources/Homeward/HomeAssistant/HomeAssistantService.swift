import HomewardHTTP
import HomewardStore

/// What the "Show in Home Assistant" endpoints do: read and change the setting of a person, for the
/// person or a guardian the person linked (`AccessPolicy`, 404 otherwise), and tell the MQTT service
/// of every change once committed (nil without a broker: the setting is kept, `broker: off`).
struct HomeAssistantService: Sendable {
    /// Holds `home_assistant_people`.
    let database: any DatabaseWriter
    /// The person, or a guardian the person linked, may read and change the setting.
    let accessPolicy: AccessPolicy
    /// When the setting was turned on.
    let clock: any WallClock
    /// The topics the answer names.
    let settings: MQTTSettings
    /// Whether a broker is configured and connected (nil: none).
    let mqtt: MQTTService?
    /// Told of every change once committed: the MQTT service publishes or removes the entity.
    let changes: HomeAssistantChanges

    /// The setting of the account `id`.
    func setting(of id: String, for caller: Caller) throws -> HomeAssistantSetting {
        let enabled = try database.read { db in
            try HomeAssistantStore(db: db).isShown(try accessPolicy.visibleAccount(id, to: caller, in: db))
        }
        return setting(of: id, enabled: enabled)
    }

    /// Shows the account `id` in Home Assistant or stops showing it, as `request` says.
    func change(_ request: HomeAssistantSettingRequest, of id: String, by caller: Caller) throws -> HomeAssistantSetting {
        let account = try database.write { db in
            let account = try accessPolicy.visibleAccount(id, to: caller, in: db)
            let store = HomeAssistantStore(db: db)
            if request.enabled {
                try store.show(account, at: clock.now(), by: caller.accountKey)
            } else {
                try store.hide(account)
            }
            return account
        }
        changes.settingChanged(account)
        return setting(of: id, enabled: request.enabled)
    }

    private func setting(of id: String, enabled: Bool) -> HomeAssistantSetting {
        let topics = HomeAssistantTopics(discoveryPrefix: settings.discoveryPrefix, prefix: settings.topicPrefix)
        return HomeAssistantSetting(
            enabled: enabled, broker: mqtt.map { $0.isConnected ? "connected" : "connecting" } ?? "off",
            uniqueId: HomeAssistantTopics.uniqueID(of: id), stateTopic: topics.state(id), attributesTopic: topics.attributes(id),
            alertTopic: topics.alert(id))
    }
}
