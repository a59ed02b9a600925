import HomewardStore

/// What the Home Assistant routes use: the setting's table, who may change whose, the MQTT settings
/// and service (nil without a broker), told of every change once committed.
struct HomeAssistantRoutesDependencies: Sendable {
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
}
