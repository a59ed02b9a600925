/// One import as stored in `imports`: what it stored and where it stands.
public struct ImportRecord: Sendable, Equatable, Codable {
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
}
