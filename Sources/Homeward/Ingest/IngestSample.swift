/// A kind of sample a phone posts in batches (`LocationSample`, `MotionSample`).
protocol IngestSample: Sendable {
    /// Reads one sample object.
    init(fields: SampleFields) throws(SampleProblem)
    /// The sample's time.
    var time: Timestamp { get }
}
