import Foundation

/// How the server talks MQTT (docs/mqtt.md): the broker, the session, the topics, the limits. Off
/// unless `url` names a broker (`--mqtt-url`); nothing MQTT runs without it. Each field is a setting
/// of `homeward serve`, declared with its check in `ServerSettings.mqtt`.
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
    /// (`AppConfiguration.problems` says why).
    public var broker: MQTTBroker? {
        guard isEnabled, var broker = MQTTBroker(url: url) else { return nil }
        if let password { broker.password = password }
        return broker
    }

    /// Whether `text` is a topic (one level or more) the server may publish under: not empty, no
    /// wildcard, no empty level.
    static func isTopicLevels(_ text: String) -> Bool {
        !text.isEmpty && !text.contains("+") && !text.contains("#")
            && !text.split(separator: "/", omittingEmptySubsequences: false).contains { $0.isEmpty }
    }
}
