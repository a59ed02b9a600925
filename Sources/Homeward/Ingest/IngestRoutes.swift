import HomewardHTTP

/// `POST /v1/locations` and `POST /v1/motion`: batches of up to 1000 samples from a phone, stored by `ingest`.
func registerIngestRoutes(on router: inout Router, signedIn: AuthenticatedRoutes, ingest: IngestService) {
    // A phone posting a fix or a few with a session already known is served on the I/O thread: its
    // work is a few microseconds of parsing, and the answer comes from the database's finisher thread
    // anyway. The group admits it by its remembered session, and the handler takes that caller.
    let small: @Sendable (HTTPRequest) -> Bool = { request in
        request.body.count <= IngestLimits.inlineBodyBytes && !request.headers.contains("Content-Encoding")
    }
    signedIn.post("/v1/locations", inlineWhen: small, on: &router) { context, caller in
        let batch = try IngestBodyDecoder.batch(SampleBatch<LocationSample>.self, from: context)
        // Answered from the database's finisher thread once the batch is durable; the worker moves on meanwhile.
        return .deferred { completion in
            ingest.storeLocations(batch.samples, of: caller) { outcome in
                completion(outcome.map { .json($0.json) })
            }
        }
    }
    signedIn.post("/v1/motion", on: &router) { context, caller in
        let batch = try IngestBodyDecoder.batch(SampleBatch<MotionSample>.self, from: context)
        return .json(try ingest.storeMotion(batch.samples, of: caller).json)
    }
}
