/// Tunables of connections and of the pool, each with its unit in its name.
public struct DatabaseConfiguration: Sendable {
    /// How long a connection waits for a lock held by another process before failing with SQLITE_BUSY.
    public var busyTimeoutMilliseconds: Int32 = 5_000
    /// The page cache of each connection.
    public var cacheSizeKibibytes: Int = 16_384
    /// How many read-only connections a pool opens at most.
    public var maxReaderCount: Int = 4
    /// How many write blocks one group commit takes at most, which bounds the latency of a group.
    public var maxGroupCommitBlocks: Int = 512
    /// How many prepared statements a connection keeps; the cache is emptied when it grows past this.
    public var maxCachedStatements: Int = 256
    /// How many pages (4 KiB each) the write-ahead log may hold before the pool's checkpoint thread
    /// copies it back into the database file (SQLite's own automatic checkpoint uses 1,000).
    public var checkpointThresholdPages: Int = 1_000

    /// The defaults: 5 s busy timeout, 16 MiB cache, 4 readers, groups of at most 512 writes,
    /// checkpoints from 1,000 log pages.
    public init() {}
}
