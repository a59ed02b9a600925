/// The topics of one person in Home Assistant: the discovery configs (`<discovery>/device_tracker/
/// homeward_<id>/config`, `<discovery>/event/homeward_<id>/config`) and the server's own
/// (`<prefix>/<id>/state`, `/attributes`, `/alert`, and `<prefix>/status` for availability).
struct HomeAssistantTopics: Sendable {
    /// Home Assistant's discovery prefix (`homeassistant`).
    let discoveryPrefix: String
    /// The server's topic prefix (`homeward`).
    let prefix: String

    /// The `unique_id` and discovery object id of the person with account id `id`.
    static func uniqueID(of id: String) -> String { "homeward_\(id)" }

    /// The device tracker's discovery config topic.
    func trackerConfig(_ id: String) -> String { "\(discoveryPrefix)/device_tracker/\(Self.uniqueID(of: id))/config" }
    /// The alert event entity's discovery config topic.
    func alertConfig(_ id: String) -> String { "\(discoveryPrefix)/event/\(Self.uniqueID(of: id))/config" }
    /// Where the zone (or `home`, `not_home`) is published.
    func state(_ id: String) -> String { "\(prefix)/\(id)/state" }
    /// Where the position is published as JSON attributes.
    func attributes(_ id: String) -> String { "\(prefix)/\(id)/attributes" }
    /// Where alerts are published as events.
    func alert(_ id: String) -> String { "\(prefix)/\(id)/alert" }
    /// The server's availability: `online` while connected, `offline` (its will) otherwise.
    var status: String { "\(prefix)/status" }

    /// The subscription that brings back, at each connection, the configs an earlier run left
    /// retained at the broker.
    var configSubscriptions: [String] {
        ["\(discoveryPrefix)/device_tracker/+/config", "\(discoveryPrefix)/event/+/config"]
    }

    /// The account id of a discovery config topic of the server's, or nil for anyone else's.
    func accountID(ofConfig topic: String) -> String? {
        let levels = topic.split(separator: "/", omittingEmptySubsequences: false)
        guard levels.count >= 4, levels.last == "config", levels.dropLast(3).joined(separator: "/") == discoveryPrefix,
              ["device_tracker", "event"].contains(levels[levels.count - 3]) else { return nil }
        let object = levels[levels.count - 2]
        guard object.hasPrefix("homeward_") else { return nil }
        return String(object.dropFirst("homeward_".count))
    }
}
