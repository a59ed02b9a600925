/// The value of one known key of a sample object as `SampleBatchParser` read it.
enum SampleValue: Sendable, Equatable {
    /// The key is missing or its value is `null` (the two mean the same for every sample field).
    case absent
    /// A finite JSON number.
    case number(Double)
    /// A JSON string without escapes.
    case string(String)
}
