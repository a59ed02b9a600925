import HomewardStore

/// The SQL of `server_secret`: the fingerprint of the key the database's digests were made with, on
/// the connection of the caller's read or write block.
struct ServerSecretStore {
    /// The connection of the current block.
    let db: Database

    /// The recorded fingerprint, or nil before the first start.
    func fingerprint() throws -> [UInt8]? {
        try db.fetchOne("SELECT fingerprint FROM server_secret WHERE id = 1") { row in try row.value(named: "fingerprint") }
    }

    /// Records `fingerprint` as the key's, at `time`.
    func record(_ fingerprint: [UInt8], at time: Timestamp) throws {
        try db.execute(
            "INSERT INTO server_secret (id, fingerprint, created_at_ms) VALUES (1, ?, ?)", fingerprint, time.unixMilliseconds)
    }
}
