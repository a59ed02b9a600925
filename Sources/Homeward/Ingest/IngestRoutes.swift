import HomewardHTTP

/// `POST /v1/locations` and `POST /v1/motion`: batches of up to 1000 samples from a phone.
func registerIngestRoutes(on router: inout Router, app: HomewardApp) {
    let service = IngestService(app: app)
    router.post("/v1/locations") { context in
        let caller = try app.authenticator.authenticate(context)
        let batch = try IngestBodyDecoder.batch(SampleBatch<LocationSample>.self, from: context)
        // Answered from the writer thread once the batch is durable; the worker moves on meanwhile.
        return .deferred { completion in
            service.storeLocations(batch.samples, of: caller) { outcome in
                completion(outcome.map { .json($0.json) })
            }
        }
    }
    router.post("/v1/motion") { context in
        let caller = try app.authenticator.authenticate(context)
        let batch = try IngestBodyDecoder.batch(SampleBatch<MotionSample>.self, from: context)
        return .json(try service.storeMotion(batch.samples, of: caller).json)
    }
}
