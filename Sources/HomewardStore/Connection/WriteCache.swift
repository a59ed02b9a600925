/// Names one cache of values derived from rows, kept on a read-write connection between its write
/// transactions so that a hot write path need not read back what it wrote itself (an account's
/// latest position, its active alerts). Declare one as a `static let` beside the SQL it mirrors.
///
/// The connection empties every cache whenever its rows may have changed behind them: a rollback
/// (a failed write block, savepoint or transaction), a commit by another connection (seen through
/// `PRAGMA data_version` when the writer begins a group), or `invalidateWriteCaches()`. So a cache
/// stays true as long as every statement that changes its rows on this connection also updates
/// it, or removes the entry. On a read-only connection nothing is kept: `cached` always loads.
public final class WriteCacheSlot<Key: Hashable, Value>: Sendable {
    /// At most this many entries; a full cache is emptied rather than evicting one by one.
    public let capacity: Int

    /// Creates the slot.
    public init(capacity: Int = 100_000) {
        self.capacity = max(1, capacity)
    }
}

/// The entries of one slot on one connection.
@usableFromInline
final class WriteCacheStorage<Key: Hashable, Value> {
    @usableFromInline var entries: [Key: Value] = [:]

    @usableFromInline init() {}
}

extension Database {
    /// The cached value of `key` in `slot`, loaded with `load` (and kept) when missing.
    @inlinable
    public func cached<Key, Value>(_ slot: WriteCacheSlot<Key, Value>, _ key: Key, load: () throws -> Value) rethrows -> Value {
        guard let storage = storage(of: slot) else { return try load() }
        if let value = storage.entries[key] { return value }
        let value = try load()
        if storage.entries.count >= slot.capacity { storage.entries.removeAll() }
        storage.entries[key] = value
        return value
    }

    /// Records `value` as the value of `key` in `slot`: what the connection just wrote.
    @inlinable
    public func setCached<Key, Value>(_ slot: WriteCacheSlot<Key, Value>, _ key: Key, _ value: Value) {
        guard let storage = storage(of: slot) else { return }
        if storage.entries[key] == nil, storage.entries.count >= slot.capacity { storage.entries.removeAll() }
        storage.entries[key] = value
    }

    /// Changes the value of `key` in `slot` in place, if it is cached.
    @inlinable
    public func updateCached<Key, Value>(_ slot: WriteCacheSlot<Key, Value>, _ key: Key, _ change: (inout Value) -> Void) {
        guard let storage = storage(of: slot), var value = storage.entries.removeValue(forKey: key) else { return }
        change(&value)
        storage.entries[key] = value
    }

    /// Forgets `key` in `slot`; the next `cached` loads it again.
    @inlinable
    public func removeCached<Key, Value>(_ slot: WriteCacheSlot<Key, Value>, _ key: Key) {
        storage(of: slot)?.entries.removeValue(forKey: key)
    }

    /// Forgets every entry of `slot`.
    @inlinable
    public func removeAllCached<Key, Value>(_ slot: WriteCacheSlot<Key, Value>) {
        storage(of: slot)?.entries.removeAll()
    }

    @inlinable
    func storage<Key, Value>(of slot: WriteCacheSlot<Key, Value>) -> WriteCacheStorage<Key, Value>? {
        // The slot's identity fixes the storage's type.
        writeCacheStorage(ObjectIdentifier(slot)) { WriteCacheStorage<Key, Value>() }
            .map { unsafeDowncast($0, to: WriteCacheStorage<Key, Value>.self) }
    }
}
