/// The limits of the event streams (`eventHeartbeatSeconds`, `eventRetentionSeconds`,
/// `eventBufferCapacity`, `maxEventStreamsPerAccount`); `AppConfiguration` documents each.
public struct EventStreamLimits: Sendable {
    /// Seconds between heartbeat comments on open streams.
    public var heartbeatSeconds: Int
    /// How long events stay available for `Last-Event-ID` replay.
    public var retentionSeconds: Int
    /// Most events kept for replay.
    public var bufferCapacity: Int
    /// Streams one account may hold open at once.
    public var maxStreamsPerAccount: Int
}
