/// What a channel's test saw: `{delivered, error?}`.
public struct ChannelTestResult: Sendable, Codable, Equatable {
    /// True when the service took the test message.
    public var delivered: Bool
    /// Why it did not (the address policy, TLS, the network, the service's answer).
    public var error: String?
}
