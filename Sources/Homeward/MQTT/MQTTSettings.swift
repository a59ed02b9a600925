import Foundation

/// How the server talks MQTT (docs/mqtt.md): the broker, the session, the topics, the limits. Off
/// unless `url` names a broker (`--mqtt-url`); nothing MQTT runs without it.
public struct MQTTSettings: Sendable, Equatable {
    /// The broker, `mqtt://user:password@host:port` (1883 by default) or `mqtts://...` (TLS, 8883 by
    /// default, verified against the system's CA store or `caFilePath`); empty: MQTT off.
    public var url = ""
    /// The password, read from `--mqtt-password-file` (so that it never shows in the process list);
    /// nil takes the URL's.
    public var password: String?
    /// The protocol: `5` (MQTT 5, the default) or `3.1.1`.
    public var protocolVersion = "5"
    /// The client id, the same at every start so the broker keeps the session (clean session off):
    /// what was published to the server's subscriptions while it was away is delivered when it
    /// comes back. Two servers must not share one.
    public var clientID = "homeward"
    /// The first level of OwnTracks' topics (`owntracks/<user>/<device>`); empty: OwnTracks off.
    public var ownTracksPrefix = "owntracks"
    /// Home Assistant's MQTT discovery prefix.
    public var discoveryPrefix = "homeassistant"
    /// The first level of the topics the server publishes people's state and alerts on
    /// (`homeward/<id>/state`, `homeward/<id>/alert`) and its availability (`homeward/status`).
    public var topicPrefix = "homeward"
    /// A PEM file of CA certificates `mqtts://` trusts instead of the system store (a private CA).
    public var caFilePath: String?
    /// Seconds between keep-alive pings; the broker drops the session's connection after 1.5 times this.
    public var keepAliveSeconds = 60
    /// First delay before reconnecting to a broker that went away; doubled per failure.
    public var reconnectMinSeconds = 1
    /// Longest delay between two reconnection attempts.
    public var reconnectMaxSeconds = 60
    /// Messages received and not yet handled at most; more wait at the broker (the network thread
    /// stops reading), so a slow database never costs unbounded memory.
    public var maxQueuedMessages = 1_000
    /// MQTT 5: how long the broker keeps the session (subscriptions, queued messages) while the
    /// server is away. MQTT 3.1.1 sessions last until the broker expires them itself.
    public var sessionExpirySeconds = 7 * 24 * 3_600
    /// How often the published friends and Home Assistant entities are compared with the database
    /// (access taken back, accounts deleted), besides at every connection.
    public var refreshSeconds = 60

    /// Creates the defaults (MQTT off).
    public init() {}

    /// Whether the server talks MQTT.
    public var isEnabled: Bool { !url.isEmpty }

    /// The broker of `url`, with `password` applied; nil when MQTT is off or the URL is wrong
    /// (`problems` says why).
    public var broker: MQTTBroker? {
        guard isEnabled, var broker = MQTTBroker(url: url) else { return nil }
        if let password { broker.password = password }
        return broker
    }

    /// What is wrong with these settings, one sentence each naming the setting.
    public var problems: [String] {
        guard isEnabled else {
            return password == nil ? [] : ["mqtt-password-file has no effect without mqtt-url"]
        }
        var found: [String] = []
        func require(_ condition: Bool, _ message: String) {
            if !condition { found.append(message) }
        }
        require(MQTTBroker(url: url) != nil, "mqtt-url must be mqtt://[user[:password]@]host[:port] or mqtts://...")
        require(["5", "3.1.1"].contains(protocolVersion), "mqtt-protocol must be 5 or 3.1.1")
        require((1...23).contains(clientID.utf8.count) || protocolVersion == "5" && (1...65_535).contains(clientID.utf8.count),
                "mqtt-client-id must have 1 to 23 bytes (MQTT 3.1.1), or 1 to 65535 with MQTT 5")
        for (name, prefix) in [("mqtt-discovery-prefix", discoveryPrefix), ("mqtt-topic-prefix", topicPrefix)] {
            require(Self.isTopicLevels(prefix), "\(name) must be a topic without + or # (e.g. \(name == "mqtt-topic-prefix" ? "homeward" : "homeassistant"))")
        }
        require(ownTracksPrefix.isEmpty || Self.isTopicLevels(ownTracksPrefix) && !ownTracksPrefix.contains("/"),
                "mqtt-owntracks-prefix must be one topic level without + or # (e.g. owntracks), or empty")
        require(caFilePath.map { FileManager.default.isReadableFile(atPath: $0) } ?? true, "mqtt-ca-file must name a readable PEM file")
        require((5...3_600).contains(keepAliveSeconds), "mqtt-keepalive-seconds must be 5 to 3600")
        require(reconnectMinSeconds >= 1, "mqtt-reconnect-min-seconds must be at least 1")
        require(reconnectMaxSeconds >= reconnectMinSeconds, "mqtt-reconnect-max-seconds must be at least mqtt-reconnect-min-seconds")
        require(maxQueuedMessages >= 1, "mqtt-max-queued-messages must be at least 1")
        require(sessionExpirySeconds >= 0, "mqtt-session-expiry-seconds must not be negative")
        require(refreshSeconds >= 1, "mqtt-refresh-seconds must be at least 1")
        return found
    }

    /// Whether `text` is a topic (one level or more) the server may publish under: not empty, no
    /// wildcard, no empty level.
    static func isTopicLevels(_ text: String) -> Bool {
        !text.isEmpty && !text.contains("+") && !text.contains("#")
            && !text.split(separator: "/", omittingEmptySubsequences: false).contains { $0.isEmpty }
    }
}
