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
    /// copies it back into the database file. SQLite's automatic checkpoint uses 1,000; every
    /// checkpoint lets the writer restart the log, which costs it a sync of the log's header, and a
    /// page written by many commits is copied once per checkpoint, so fewer, larger ones cost less
    /// (16 MiB of log, at most 8 times that when the checkpoint thread falls behind).
    public var checkpointThresholdPages: Int = 4_000

    /// The defaults: 5 s busy timeout, 16 MiB cache, 4 readers, groups of at most 512 writes,
    /// checkpoints from 4,000 log pages.
    public init() {}
}
