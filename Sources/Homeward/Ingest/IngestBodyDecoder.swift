import HomewardHTTP

/// Reads the body of `POST /v1/locations` and `POST /v1/motion` into samples: the routes' first step,
/// and (through the `check...` functions, which also apply API.md's rules but store nothing) the entry
/// of the JSON ingest fuzz target in Tests/Fuzz.
public enum IngestBodyDecoder {
    /// Decodes a batch body; 413 for more than `IngestLimits.maxSamplesPerRequest` samples.
    static func batch<Sample>(_ type: SampleBatch<Sample>.Type, from context: RequestContext) throws(HTTPError) -> SampleBatch<Sample> {
        let batch = try context.decode(type)
        guard batch.samples.count <= IngestLimits.maxSamplesPerRequest else {
            throw HTTPError(
                status: .payloadTooLarge, code: "payload_too_large",
                message: "A request carries at most \(IngestLimits.maxSamplesPerRequest) samples; send the rest in another.",
                field: "samples")
        }
        return batch
    }

    /// Decodes a location batch from `context` and checks every sample at `now`, storing nothing:
    /// `accepted` counts the samples that would be stored.
    public static func checkLocations(in context: RequestContext, at now: Timestamp) throws(HTTPError) -> IngestResult {
        let (samples, rejected) = try batch(SampleBatch<LocationSample>.self, from: context).samples.validated(at: now)
        return IngestResult(accepted: samples.count, rejected: rejected)
    }

    /// Decodes a motion batch from `context` and checks every sample at `now`, storing nothing.
    public static func checkMotion(in context: RequestContext, at now: Timestamp) throws(HTTPError) -> IngestResult {
        let (samples, rejected) = try batch(SampleBatch<MotionSample>.self, from: context).samples.validated(at: now)
        return IngestResult(accepted: samples.count, rejected: rejected)
    }
}
