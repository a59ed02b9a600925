/// A place in an account's location history (time, then sample hash): where a page ends.
public struct HistoryPosition: Sendable, Equatable {
    /// The time of the last sample returned.
    public var time: Timestamp
    /// Its sample hash.
    public var sampleHash: Int64

    /// Creates a position.
    public init(time: Timestamp, sampleHash: Int64) {
        self.time = time
        self.sampleHash = sampleHash
    }
}
