/// The body of POST /v1/alerts/countdown: `{seconds?, reason?}`.
public struct CountdownRequest: Sendable, Decodable {
    /// Seconds until the countdown fires; the configured default when absent.
    public var seconds: Int?
    /// Why the person started it ("walking home through the park").
    public var reason: String?

    /// A request for the default length without a reason.
    public init(seconds: Int? = nil, reason: String? = nil) {
        self.seconds = seconds
        self.reason = reason
    }
}
