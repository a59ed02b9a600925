import HomewardHTTP

/// Reads the body of `POST /v1/locations` and `POST /v1/motion` into samples: the routes' first step,
/// and (through the `check...` functions, which also apply API.md's rules but store nothing) the entry
/// of the JSON ingest fuzz target in Tests/Fuzz.
///
/// Bodies of the common shape are read by `SampleBatchParser`; any other body, and every malformed
/// one, by Foundation's `JSONDecoder`, the reference whose answers the fast reader reproduces.
public enum IngestBodyDecoder {
    /// Which reader decodes a body.
    public enum Reader: Sendable {
        /// `SampleBatchParser` where it applies, else `JSONDecoder` (what the routes use).
        case fast
        /// `JSONDecoder` alone: the reference the fuzz target compares `fast` with.
        case reference
    }

    /// Decodes a batch body; 413 for more than `IngestLimits.maxSamplesPerRequest` samples.
    static func batch<Sample>(
        _ type: SampleBatch<Sample>.Type, from context: RequestContext, reader: Reader = .fast
    ) throws(HTTPError) -> SampleBatch<Sample> {
        try context.requireJSONContentType()
        let batch: SampleBatch<Sample>
        if reader == .fast, let samples = SampleBatchParser<Sample>.samples(in: context.request.body) {
            batch = SampleBatch(samples: samples)
        } else {
            batch = try context.decodeLeniently(type)
        }
        guard batch.samples.count <= IngestLimits.maxSamplesPerRequest else {
            throw HTTPError(
                status: .payloadTooLarge, code: "payload_too_large",
                message: "A request carries at most \(IngestLimits.maxSamplesPerRequest) samples; send the rest in another.",
                field: "samples")
        }
        return batch
    }

    /// Decodes a location batch from `context` with `reader` and checks every sample at `now`,
    /// storing nothing: `accepted` counts the samples that would be stored.
    public static func checkLocations(in context: RequestContext, at now: Timestamp, reader: Reader = .fast) throws(HTTPError) -> IngestResult {
        let (samples, rejected) = try batch(SampleBatch<LocationSample>.self, from: context, reader: reader).samples.validated(at: now)
        return IngestResult(accepted: samples.count, rejected: rejected)
    }

    /// Decodes a motion batch from `context` with `reader` and checks every sample at `now`, storing nothing.
    public static func checkMotion(in context: RequestContext, at now: Timestamp, reader: Reader = .fast) throws(HTTPError) -> IngestResult {
        let (samples, rejected) = try batch(SampleBatch<MotionSample>.self, from: context, reader: reader).samples.validated(at: now)
        return IngestResult(accepted: samples.count, rejected: rejected)
    }
}
