/// `GET` and the answer of `PUT /v1/accounts/{id}/home-assistant`: whether the person is shown in Home
/// Assistant, whether this server talks to an MQTT broker at all (without one the setting is kept
/// but nothing is published) and whether it is connected now, and the entity Home Assistant gets.
struct HomeAssistantSetting: Encodable, Sendable {
    /// Whether the person is shown.
    var enabled: Bool
    /// `off` (no broker configured: `--mqtt-url`), `connected` or `connecting`.
    var broker: String
    /// The entity's `unique_id` (`homeward_<id>`); Home Assistant names the entity after the person.
    var uniqueId: String
    /// Where the person's zone is published (`homeward/<id>/state`).
    var stateTopic: String
    /// Where the position is published (`homeward/<id>/attributes`).
    var attributesTopic: String
    /// Where the person's alerts are published as events (`homeward/<id>/alert`).
    var alertTopic: String
}

/// The body of `PUT /v1/accounts/{id}/home-assistant`: `{"enabled": true}`.
struct HomeAssistantSettingRequest: Decodable, Sendable {
    var enabled: Bool
}
