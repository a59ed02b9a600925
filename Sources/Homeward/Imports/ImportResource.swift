/// An import as the API shows it (`GET /v1/accounts/{id}/imports/{importId}`, the `import` event).
public struct ImportResource: Sendable, Codable, Equatable {
    /// The records an import skipped, with the first reasons.
    public struct Rejected: Sendable, Codable, Equatable {
        /// How many records were skipped because they could not be used.
        public var count: Int
        /// The first reasons, each naming the line or JSON path and what was expected there.
        public var reasons: [String]
    }

    /// The import id.
    public var id: String
    /// Whose history it is.
    public var accountId: String
    /// running, done, stopped, cancelled, failed or undone.
    public var state: ImportState
    /// The format recognised from the content, once it is.
    public var format: ImportFormat?
    /// Bytes of the file read so far (as uploaded: compressed for gzip or zip).
    public var bytesRead: Int
    /// The file's size in bytes, when known.
    public var totalBytes: Int?
    /// Positions stored.
    public var positions: Int
    /// Positions skipped as already stored (same time ±1 s and place) or repeated in the file.
    public var duplicates: Int
    /// Records skipped because they could not be used.
    public var rejected: Rejected
    /// Where reading stopped and why (a bad or cut-off file), or why it failed.
    public var problem: String?
    /// The oldest position stored.
    public var from: Timestamp?
    /// The newest position stored.
    public var to: Timestamp?
    /// Seconds left, estimated from the bytes read so far; only while running on this server.
    public var etaSeconds: Int?
    /// When it started.
    public var createdAt: Timestamp
    /// When it ended, was cancelled or undone.
    public var finishedAt: Timestamp?

    init(_ record: ImportRecord, accountID: String, etaSeconds: Int? = nil) {
        id = record.id
        accountId = accountID
        state = record.state
        format = record.format
        bytesRead = record.bytesRead
        totalBytes = record.totalBytes
        positions = record.positions
        duplicates = record.duplicates
        rejected = Rejected(count: record.rejections.count, reasons: record.rejections.reasons)
        problem = record.problem
        from = record.first
        to = record.last
        self.etaSeconds = record.state == .running ? etaSeconds : nil
        createdAt = record.createdAt
        finishedAt = record.finishedAt
    }
}

/// A page of a person's imports, newest first.
struct ImportList: Sendable, Codable {
    /// The imports.
    var imports: [ImportResource]
}
