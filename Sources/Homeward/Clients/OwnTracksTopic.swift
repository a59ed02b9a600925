import HomewardHTTP

/// The OwnTracks topic a phone publishes on in MQTT mode, `<prefix>/<user>/<device>` (the apps'
/// default `owntracks/%u/%d`), as a device key may carry it: three levels under the server's topic
/// prefix, none empty, no wildcard, and a device level that is not the server's own (the friends it
/// publishes for a phone are `<prefix>/<user>/homeward-<id>`).
enum OwnTracksTopic {
    /// The most characters of a topic (the column's CHECK says the same).
    static let maxCharacters = 200
    /// What the device level of the topics the server publishes friends on starts with.
    static let serverDevicePrefix = "homeward-"

    /// `topic` when it is one a device key may carry under `prefix`; 400 naming `field` otherwise.
    static func validated(_ topic: String, prefix: String, field: String = "ownTracksTopic") throws(HTTPError) -> String {
        let levels = topic.split(separator: "/", omittingEmptySubsequences: false)
        guard (5...maxCharacters).contains(topic.unicodeScalars.count), levels.count == 3, levels.allSatisfy({ !$0.isEmpty }),
              !topic.contains("+"), !topic.contains("#"), !topic.unicodeScalars.contains(where: { $0.value < 0x20 }) else {
            throw .invalidRequest(
                "\(field) must be an OwnTracks topic of three levels like \(prefix)/arthur/phone (no + or #, at most \(maxCharacters) characters).",
                field: field)
        }
        guard levels[0] == prefix else {
            throw .invalidRequest("\(field) must start with \(prefix)/, the topic prefix this server listens to.", field: field)
        }
        guard !levels[2].hasPrefix(serverDevicePrefix) else {
            throw .invalidRequest("\(field)'s last level must not start with \(serverDevicePrefix): the server publishes friends there.", field: field)
        }
        return topic
    }
}
