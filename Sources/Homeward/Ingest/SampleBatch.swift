/// The body of `POST /v1/locations` and `POST /v1/motion`: `{"samples": [...]}`.
struct SampleBatch<Sample: IngestSample>: Decodable, Sendable {
    /// The samples in the order sent; malformed ones are kept as problems so their index is reported.
    var samples: [DecodedSample<Sample>]
}
