/// What `POST /v1/locations` and `POST /v1/motion` use: the authenticator that admits the phone and
/// the service that stores its batch.
struct IngestRoutesDependencies: Sendable {
    /// Checks the session, on the I/O thread when it is already known.
    let authenticator: Authenticator
    /// Validates and stores the samples.
    let ingest: IngestService
}
