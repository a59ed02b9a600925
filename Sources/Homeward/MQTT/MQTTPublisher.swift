import Synchronization

/// Where the server's MQTT messages go: the connection, behind a memory of what each retained topic
/// holds, so a position, card or entity unchanged since the last connection is not sent again.
/// Forgotten at each connection (the broker may have lost its retained messages), when everything
/// is published again; so while the broker is away retained messages are not queued at all (only
/// events are, by libmosquitto, until the reconnection).
final class MQTTPublisher: Sendable {
    private let send: @Sendable (String, [UInt8], Bool) -> Bool
    private let isConnected: @Sendable () -> Bool
    private let retained = Mutex<[String: Int]>([:])

    /// A publisher handing messages to `send` (topic, payload, retain) while `isConnected`.
    init(send: @escaping @Sendable (String, [UInt8], Bool) -> Bool, isConnected: @escaping @Sendable () -> Bool) {
        self.send = send
        self.isConnected = isConnected
    }

    /// Publishes `payload` retained on `topic`, unless the topic already holds it or the broker is away.
    func publishRetained(_ topic: String, _ payload: [UInt8]) {
        guard isConnected() else { return }
        var hasher = Hasher()
        hasher.combine(payload)
        let digest = hasher.finalize()
        guard retained.withLock({ $0[topic] != digest }) else { return }
        if send(topic, payload, true) { retained.withLock { $0[topic] = digest } }
    }

    /// Empties the retained message of `topic` (an empty retained payload: subscribers forget it).
    func clear(_ topic: String) {
        publishRetained(topic, [])
    }

    /// Publishes `payload` on `topic`, not retained (an event).
    func publishEvent(_ topic: String, _ payload: [UInt8]) {
        _ = send(topic, payload, false)
    }

    /// Forgets what the topics hold: the next publications are all sent.
    func forgetRetained() {
        retained.withLock { $0.removeAll() }
    }
}
