import HomewardStore

/// Deletes location and motion history older than a cut-off, one account per write so the writer
/// is never held for long. Latest positions are kept: they are not history.
public struct HistoryPruner: Sendable {
    private let database: any DatabaseWriter

    /// Creates a pruner over `database`.
    public init(database: any DatabaseWriter) {
        self.database = database
    }

    /// Deletes every sample taken before `time`.
    public func prune(before time: Timestamp) throws -> PruneResult {
        let accounts = try database.read { db in try AccountStore(db: db).allKeys() }
        var result = PruneResult()
        for account in accounts {
            let deleted = try database.write { db in
                PruneResult(
                    locations: try LocationStore(db: db).deleteHistory(of: account, before: time),
                    motion: try MotionStore(db: db).deleteHistory(of: account, before: time))
            }
            result.locations += deleted.locations
            result.motion += deleted.motion
        }
        return result
    }

    /// Reads a duration such as `90d`, `12h` or `30m` as milliseconds; nil if it is not one.
    public static func milliseconds(of text: String) -> Int64? {
        let units: [Character: Int64] = ["d": 86_400_000, "h": 3_600_000, "m": 60_000]
        guard let unit = text.last.flatMap({ units[$0] }), let count = Int64(text.dropLast()), count > 0 else { return nil }
        return count * unit
    }
}
