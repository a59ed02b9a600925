/// A sample of a batch that was not stored, and why (an entry of `rejected`).
public struct SampleRejection: Sendable, Equatable, Codable {
    /// Position of the sample in the request's `samples`.
    public var index: Int
    /// `missing_field`, `wrong_type`, `out_of_range`, `in_future` or `duplicate_in_request`.
    public var code: String
    /// What is wrong, for the person reading the phone's log.
    public var message: String
    /// The JSON path of the field at fault, e.g. `samples[3].lat`.
    public var field: String?

    /// Creates a rejection.
    public init(index: Int, code: String, message: String, field: String?) {
        self.index = index
        self.code = code
        self.message = message
        self.field = field
    }
}
