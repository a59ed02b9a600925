/// The answer to a batch of samples: how many were stored, how many the account already had, and
/// which were refused.
public struct IngestResult: Sendable, Equatable, Codable {
    /// Samples stored now.
    public var accepted: Int
    /// Samples the account already had (resends), not stored twice.
    public var duplicates: Int
    /// Samples refused, with the reason.
    public var rejected: [SampleRejection]

    /// Creates a result.
    public init(accepted: Int = 0, duplicates: Int = 0, rejected: [SampleRejection] = []) {
        self.accepted = accepted
        self.duplicates = duplicates
        self.rejected = rejected
    }
}
