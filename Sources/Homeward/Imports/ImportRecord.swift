/// One import as stored in `imports`: what it stored and where it stands.
public struct ImportRecord: Sendable, Equatable {
    /// The opaque import id.
    public var id: String
    /// The format recognised, once one is.
    public var format: ImportFormat?
    /// Running, done, stopped or undone.
    public var state: ImportState
    /// Fixes stored.
    public var positions: Int
    /// Fixes skipped as already stored or repeated in the file.
    public var duplicates: Int
    /// The oldest and newest fix stored, if any.
    public var first: Timestamp?
    /// The newest fix stored, if any.
    public var last: Timestamp?
    /// Where reading stopped and why, when it did not reach the end.
    public var problem: String?
    /// When it started.
    public var createdAt: Timestamp
    /// When it ended (or was undone).
    public var finishedAt: Timestamp?
    /// Bytes of the file (as given: compressed for gzip or zip) read so far.
    public var bytesRead = 0
    /// The file's size in bytes, when known.
    public var totalBytes: Int?
    /// Records skipped because they could not be used, with the first reasons.
    public var rejections = ImportRejections()

    /// An import as stored.
    public init(
        id: String, format: ImportFormat? = nil, state: ImportState, positions: Int, duplicates: Int, first: Timestamp? = nil,
        last: Timestamp? = nil, problem: String? = nil, createdAt: Timestamp, finishedAt: Timestamp? = nil
    ) {
        self.id = id
        self.format = format
        self.state = state
        self.positions = positions
        self.duplicates = duplicates
        self.first = first
        self.last = last
        self.problem = problem
        self.createdAt = createdAt
        self.finishedAt = finishedAt
    }
}
