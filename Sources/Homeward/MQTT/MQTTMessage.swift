/// A message the broker delivered to one of the server's subscriptions.
struct MQTTMessage: Sendable, Equatable {
    /// The topic it was published on.
    var topic: String
    /// Its bytes (empty: a retained message being cleared).
    var payload: [UInt8]
    /// Whether the broker kept it for new subscribers and sent it at subscription time.
    var retained: Bool
}
