import HomewardHTTP

/// `POST /v1/locations` and `POST /v1/motion`: batches of up to 1000 samples from a phone.
func registerIngestRoutes(on router: inout Router, _ services: IngestRoutesDependencies) {
    let signedIn = AuthenticatedRoutes.session(services.authenticator)
    let service = services.ingest
    // A phone posting a fix or a few with a session already known is served on the I/O thread: its
    // work is a few microseconds of parsing, and the answer comes from the database's finisher thread
    // anyway. The check authenticates it, and the handler takes the caller it admitted.
    let admitInline: @Sendable (HTTPRequest) -> (any Sendable)? = { request in
        guard request.body.count <= IngestLimits.inlineBodyBytes && !request.headers.contains("Content-Encoding") else { return nil }
        return services.authenticator.authenticateIfRemembered(request.headers)
    }
    router.post("/v1/locations", execution: .inlineWhen(admitInline)) { context in
        let caller = try (context.admission as? Caller) ?? services.authenticator.authenticate(context)
        let batch = try IngestBodyDecoder.batch(SampleBatch<LocationSample>.self, from: context)
        // Answered from the database's finisher thread once the batch is durable; the worker moves on meanwhile.
        return .deferred { completion in
            service.storeLocations(batch.samples, of: caller) { outcome in
                completion(outcome.map { .json($0.json) })
            }
        }
    }
    signedIn.post("/v1/motion", on: &router) { context, caller in
        let batch = try IngestBodyDecoder.batch(SampleBatch<MotionSample>.self, from: context)
        return .json(try service.storeMotion(batch.samples, of: caller).json)
    }
}
