/// The motion a phone was in at its last report, as far as its reports show.
public enum ReportingMotion: String, Sendable, Codable, CaseIterable {
    /// Moved within the last `stillAfterSeconds`.
    case moving
    /// Has not moved for `stillAfterSeconds`.
    case still
}
