/// The UTC offsets of one time zone over a span of time, as a table of the moments they change:
/// a zone kept in another time zone than the person's (a hotel abroad, a school across a border)
/// reads its schedule and its "be here by" rule in its own local time, and this module stays free
/// of Foundation's `TimeZone` (the app builds the table from one).
public struct UTCOffsetTable: Sendable, Equatable, Codable {
    /// The moments the offset changes, in ascending order.
    public var changes: [UnixSeconds]
    /// The offsets, in seconds east of UTC: `offsets[0]` before the first change, `offsets[k]`
    /// from `changes[k - 1]` on (one more than `changes`).
    public var offsets: [Int]

    /// A table of `offsets` that change at `changes` (one offset more than changes).
    public init(changes: [UnixSeconds], offsets: [Int]) {
        precondition(offsets.count == changes.count + 1, "one offset more than changes")
        self.changes = changes
        self.offsets = offsets
    }

    /// A time zone whose offset never changes.
    public init(fixedUTCOffsetSeconds offset: Int) {
        self.init(changes: [], offsets: [offset])
    }

    /// The offset at `t` (before the table's first change its first offset, after its last its last).
    public func utcOffsetSeconds(at t: UnixSeconds) -> Int {
        var low = 0, high = changes.count
        while low < high {
            let middle = (low + high) / 2
            if changes[middle] <= t { low = middle + 1 } else { high = middle }
        }
        return offsets[low]
    }
}
