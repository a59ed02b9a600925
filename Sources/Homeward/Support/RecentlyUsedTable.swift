/// A table bounded by count that forgets its least recently used entries first: the per-person
/// memory of the location observers (geo trackers, reporting rhythms), rebuilt from the database when
/// a forgotten person is seen again. Not synchronised: keep it behind the owner's lock.
struct RecentlyUsedTable<Key: Hashable, Value> {
    private var entries: [Key: (value: Value, lastUsed: UInt64)] = [:]
    private var tick: UInt64 = 0

    /// How many entries it holds.
    var count: Int { entries.count }

    /// The value of `key`, without counting it as used.
    subscript(key: Key) -> Value? { entries[key]?.value }

    /// The value of `key`, counted as used now.
    mutating func use(_ key: Key) -> Value? {
        guard entries[key] != nil else { return nil }
        tick += 1
        entries[key]?.lastUsed = tick
        return entries[key]?.value
    }

    /// Stores `value` for `key` unless one is there already (built meanwhile by another caller: that
    /// one stays). A full table (`capacity`) first drops its least recently used tenth at once, so
    /// eviction costs amortised O(1) per insert.
    mutating func insertUnlessPresent(_ value: Value, for key: Key, capacity: Int) {
        let capacity = max(1, capacity)
        if entries.count >= capacity {
            let victims = entries.sorted { $0.value.lastUsed < $1.value.lastUsed }.prefix(max(1, capacity / 10)).map(\.key)
            for victim in victims { entries.removeValue(forKey: victim) }
        }
        guard entries[key] == nil else { return }
        tick += 1
        entries[key] = (value, tick)
    }

    /// Forgets `key`; returns what it held.
    @discardableResult
    mutating func removeValue(forKey key: Key) -> Value? {
        entries.removeValue(forKey: key)?.value
    }
}
