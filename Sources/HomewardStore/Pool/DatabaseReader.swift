/// Something that runs read blocks against a consistent snapshot of the database.
///
/// Handlers depend on this protocol, not on SQLite, so a server database can take over later.
public protocol DatabaseReader: Sendable {
    /// Runs `block` on a read-only connection inside one read transaction, on the calling thread.
    func read<Result>(_ block: (any Database) throws -> Result) throws -> Result
}
