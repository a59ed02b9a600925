/// A kind of sample a phone posts in batches (`LocationSample`, `MotionSample`).
protocol IngestSample: Sendable {
    /// Reads one sample object.
    init(fields: SampleFields) throws(SampleProblem)
    /// Every key a sample object of this kind may hold (API.md).
    static var fieldNames: [String] { get }
    /// `fieldNames` as UTF-8 bytes, for the fast reader's key lookup.
    static var fieldNameBytes: [[UInt8]] { get }
    /// The sample's time.
    var time: Timestamp { get }
    /// The first rule of API.md the sample breaks at time `now`, if any.
    func problem(now: Timestamp) -> SampleProblem?
}

extension Array {
    /// The valid samples of a batch, in order, and the rejections of the others by index.
    func validated<Sample: IngestSample>(at now: Timestamp) -> (samples: [Sample], rejected: [SampleRejection])
    where Element == DecodedSample<Sample> {
        var samples: [Sample] = []
        samples.reserveCapacity(count)
        var rejected: [SampleRejection] = []
        for (index, decoded) in enumerated() {
            switch decoded {
            case .sample(let sample):
                if let problem = sample.problem(now: now) {
                    rejected.append(problem.rejection(index: index))
                } else {
                    samples.append(sample)
                }
            case .problem(let problem):
                rejected.append(problem.rejection(index: index))
            }
        }
        return (samples, rejected)
    }
}
