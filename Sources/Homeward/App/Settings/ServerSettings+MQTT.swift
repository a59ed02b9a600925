import Foundation

extension ServerSettings {
    /// The MQTT broker: OwnTracks phones in MQTT mode and Home Assistant (docs/mqtt.md). Off
    /// without `--mqtt-url`.
    static let mqtt: [ServerSetting] = [
        .value("mqtt-url", \.mqtt.url,
               "MQTT broker for OwnTracks phones in MQTT mode and Home Assistant: `mqtt://user:password@host:port` (1883) or `mqtts://…` (TLS, 8883, checked against the system CA store)",
               defaultNote: "empty: no MQTT",
               check: .that("must be mqtt://[user[:password]@]host[:port] or mqtts://...") { url, _ in url.isEmpty || MQTTBroker(url: url) != nil }),
        .parsed("mqtt-password-file", \.mqtt.password,
                "File holding the MQTT password (one line; read at start, so it is not in the URL or the process list); wins over the URL's",
                shownDefault: "none: the URL's",
                check: .that("has no effect without mqtt-url") { password, configuration in password == nil || configuration.mqtt.isEnabled },
                show: { _ in "" }, parse: readMQTTPassword),
        .value("mqtt-protocol", \.mqtt.protocolVersion, "MQTT protocol version: `5` or `3.1.1`",
               check: .that("must be 5 or 3.1.1") { version, _ in ["5", "3.1.1"].contains(version) }),
        .value("mqtt-client-id", \.mqtt.clientID,
               "Client id, the same at every start so the broker keeps the session (clean session off) and delivers what was published while the server was away; one per server",
               check: .that("must have 1 to 23 bytes (MQTT 3.1.1), or 1 to 65535 with MQTT 5") { id, configuration in
                   (1...(configuration.mqtt.protocolVersion == "3.1.1" ? 23 : 65_535)).contains(id.utf8.count)
               }),
        .value("mqtt-owntracks-prefix", \.mqtt.ownTracksPrefix,
               "First level of OwnTracks' topics (`owntracks/<user>/<device>`); empty turns OwnTracks over MQTT off",
               check: .that("must be one topic level without + or # (e.g. owntracks), or empty") { prefix, _ in
                   prefix.isEmpty || MQTTSettings.isTopicLevels(prefix) && !prefix.contains("/")
               }),
        .value("mqtt-discovery-prefix", \.mqtt.discoveryPrefix, "Home Assistant's MQTT discovery prefix",
               check: .that("must be a topic without + or #") { prefix, _ in MQTTSettings.isTopicLevels(prefix) }),
        .value("mqtt-topic-prefix", \.mqtt.topicPrefix,
               "First level of the topics people's zone, position and alerts are published on (`<prefix>/<id>/state`, `/attributes`, `/alert`) and of the server's availability (`<prefix>/status`)",
               check: .that("must be a topic without + or #") { prefix, _ in MQTTSettings.isTopicLevels(prefix) }),
        .parsed("mqtt-ca-file", \.mqtt.caFilePath,
                "A PEM file of CA certificates `mqtts://` trusts instead of the system store (a private CA)",
                shownDefault: "the system store",
                check: .that("must name a readable PEM file") { path, _ in path.map { FileManager.default.isReadableFile(atPath: $0) } ?? true },
                show: { _ in "" }) { $0.isEmpty ? nil : $0 },
        .value("mqtt-keepalive-seconds", \.mqtt.keepAliveSeconds, "Seconds between MQTT keep-alive pings", check: .between(5...3_600)),
        .value("mqtt-reconnect-max-seconds", \.mqtt.reconnectMaxSeconds,
               "Longest wait in seconds between two attempts to reach the broker; the first is 1 s, then it grows",
               check: .atLeast(1)),
        .value("mqtt-max-queued-messages", \.mqtt.maxQueuedMessages,
               "MQTT messages received and not yet stored at most; past it the server stops reading and the broker holds the rest",
               check: .atLeast(1)),
        .value("mqtt-session-expiry-seconds", \.mqtt.sessionExpirySeconds,
               "MQTT 5: seconds the broker keeps the server's session (subscriptions, queued messages) while it is away",
               check: .notNegative),
        .value("mqtt-refresh-seconds", \.mqtt.refreshSeconds,
               "Seconds between comparisons of what was published over MQTT (phones' friends, Home Assistant entities) with the database, besides at every connection",
               check: .atLeast(1)),
    ]

    /// The password in the file at `path`, without the line end an editor or `echo` leaves.
    @Sendable private static func readMQTTPassword(_ path: String) throws -> String? {
        guard !path.isEmpty else { return nil }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw SettingError("mqtt-password-file \(path) cannot be read.")
        }
        let password = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .newlines)
        guard !password.isEmpty else { throw SettingError("mqtt-password-file \(path) is empty.") }
        return password
    }
}
