/// Something that runs write blocks atomically and durably.
public protocol DatabaseWriter: DatabaseReader {
    /// Runs `block` atomically: its changes are durable when `write` returns, and none of them
    /// persist when it throws. Blocks the calling thread; never call it from inside a write block.
    func write<Result>(_ block: (Database) throws -> Result) throws -> Result
}
