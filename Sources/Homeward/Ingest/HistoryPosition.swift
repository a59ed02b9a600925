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

    /// Reads a cursor made by `cursor`; nil if it is not one.
    public init?(cursor: String) {
        let parts = cursor.split(separator: "_")
        guard parts.count == 2, let time = Int64(parts[0]), let hash = Int64(parts[1]) else { return nil }
        self.init(time: Timestamp(unixMilliseconds: time), sampleHash: hash)
    }

    /// The opaque cursor the API hands out for this position.
    public var cursor: String { "\(time.unixMilliseconds)_\(sampleHash)" }
}
