/// How long a countdown may run (`countdownMinSeconds`, `countdownMaxSeconds`) and how long one runs
/// when the client does not say (`countdownDefaultSeconds`); `AppConfiguration` documents each.
public struct CountdownLimits: Sendable {
    /// Shortest countdown a client may ask for.
    public var minSeconds: Int
    /// Longest countdown a client may ask for.
    public var maxSeconds: Int
    /// The countdown of a request that names no length.
    public var defaultSeconds: Int
}
