import HomewardHTTP

/// `POST /v1/locations` and `POST /v1/motion`: batches of up to 1000 samples from a phone.
func registerIngestRoutes(on router: inout Router, app: HomewardApp) {
    let service = IngestService(app: app)
    router.post("/v1/locations") { context in
        let caller = try app.authenticator.authenticate(context)
        let batch = try decodeBatch(SampleBatch<LocationSample>.self, from: context)
        return .json(try service.storeLocations(batch.samples, of: caller))
    }
    router.post("/v1/motion") { context in
        let caller = try app.authenticator.authenticate(context)
        let batch = try decodeBatch(SampleBatch<MotionSample>.self, from: context)
        return .json(try service.storeMotion(batch.samples, of: caller))
    }
}

/// Decodes a batch body; 413 for more than `IngestLimits.maxSamplesPerRequest` samples.
private func decodeBatch<Sample>(_ type: SampleBatch<Sample>.Type, from context: RequestContext) throws -> SampleBatch<Sample> {
    let batch = try context.decode(type)
    guard batch.samples.count <= IngestLimits.maxSamplesPerRequest else {
        throw HTTPError(
            status: .payloadTooLarge, code: "payload_too_large",
            message: "A request carries at most \(IngestLimits.maxSamplesPerRequest) samples; send the rest in another.",
            field: "samples")
    }
    return batch
}
