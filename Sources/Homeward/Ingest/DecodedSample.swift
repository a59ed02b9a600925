/// One element of a batch's `samples`: the sample, or why it cannot be one.
enum DecodedSample<Sample: IngestSample>: Decodable, Sendable {
    /// A well-formed sample (its ranges are checked later, against the clock).
    case sample(Sample)
    /// A malformed sample.
    case problem(SampleProblem)

    init(from decoder: any Decoder) {
        do throws(SampleProblem) {
            self.init(fields: try SampleFields(decoder))
        } catch {
            self = .problem(error)
        }
    }

    /// The sample read from `fields`, or its first problem.
    init(fields: SampleFields) {
        do throws(SampleProblem) {
            self = .sample(try Sample(fields: fields))
        } catch {
            self = .problem(error)
        }
    }
}

extension DecodedSample: Equatable where Sample: Equatable {}
