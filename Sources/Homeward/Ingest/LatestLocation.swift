/// An account's row of `latest_locations`: the position guardians see, and how far ingest has got.
public struct LatestLocation: Sendable, Equatable {
    /// The newest fix that is not a jump.
    public var fix: StoredLocation
    /// The time of the newest stored fix of any kind; only later fixes reach the real-time reactions.
    public var newestFixTime: Timestamp
    /// When the server stored `fix`.
    public var receivedAt: Timestamp

    /// Creates a row.
    public init(fix: StoredLocation, newestFixTime: Timestamp, receivedAt: Timestamp) {
        self.fix = fix
        self.newestFixTime = newestFixTime
        self.receivedAt = receivedAt
    }
}
