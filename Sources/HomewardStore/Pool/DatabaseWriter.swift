/// Something that runs write blocks atomically and durably.
public protocol DatabaseWriter: DatabaseReader {
    /// Runs `block` atomically: its changes are durable when `write` returns, and none of them
    /// persist when it throws. The block already runs inside a transaction, so nest with
    /// `Database.inSavepoint`, not `inTransaction`. Blocks the calling thread; never call it from
    /// inside a write block.
    func write<Result>(_ block: (Database) throws -> Result) throws -> Result
}
