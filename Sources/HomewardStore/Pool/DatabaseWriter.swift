/// Something that runs write blocks atomically and durably.
public protocol DatabaseWriter: DatabaseReader {
    /// Throws unless the database answers a trivial query (what `/healthz` and `/readyz` ask).
    func ping() throws

    /// Waits for the work in progress, then closes every connection; later calls throw.
    func close() throws

    /// Runs `block` atomically: its changes are durable when `write` returns, and none of them
    /// persist when it throws. The block already runs inside a transaction, so nest with
    /// `Database.inSavepoint`, not `inTransaction`. Blocks the calling thread; never call it from
    /// inside a write block.
    func write<Result>(_ block: (any Database) throws -> Result) throws -> Result

    /// Runs `block` atomically as `write` does, for bulk work that nobody is waiting on (an import's
    /// batches): a writer that groups blocks lets the ordinary writes waiting go first and runs it
    /// in a group of its own, so an SOS never waits behind it for more than the block itself. It
    /// returns once its changes are committed, while the log is synced (the caller's next block
    /// overlaps the sync); they are durable for sure once the caller's last, ordinary `write` returns.
    func writeInBackground<Result>(_ block: (any Database) throws -> Result) throws -> Result

    /// Queues `block` and returns at once; `completion` gets its result once it is durable, or the
    /// error that failed it, on the writer's thread (so it must only hand the outcome on).
    func submitWrite<Result>(
        _ block: @escaping @Sendable (any Database) throws -> Result,
        completion: @escaping @Sendable (Swift.Result<Result, any Error>) -> Void
    )

    /// Queues `block` as `submitWrite(_:completion:)` does, naming the rows' owners it will touch
    /// (`subjects`, account keys): a writer across a network reads what a group's blocks need of
    /// them in a few statements before it runs the group (`prepareGroups(_:)`).
    func submitWrite<Result>(
        touching subjects: [Int64],
        _ block: @escaping @Sendable (any Database) throws -> Result,
        completion: @escaping @Sendable (Swift.Result<Result, any Error>) -> Void
    )

    /// Registers `prepare`, which a writer that groups blocks across a network runs inside each
    /// group's transaction before the blocks, with the subjects they named, to fill the write caches
    /// (`WriteCacheSlot`) in a few statements. Nothing for a writer whose reads cost no round trip.
    func prepareGroups(_ prepare: @escaping @Sendable (any Database, [Int64]) throws -> Void)
}

extension DatabaseWriter {
    /// An ordinary write, for writers that do not group blocks.
    public func writeInBackground<Result>(_ block: (any Database) throws -> Result) throws -> Result {
        try write(block)
    }

    /// Queues the block; the subjects are not needed.
    public func submitWrite<Result>(
        touching subjects: [Int64],
        _ block: @escaping @Sendable (any Database) throws -> Result,
        completion: @escaping @Sendable (Swift.Result<Result, any Error>) -> Void
    ) {
        submitWrite(block, completion: completion)
    }

    /// Nothing to prepare.
    public func prepareGroups(_ prepare: @escaping @Sendable (any Database, [Int64]) throws -> Void) {}
}
