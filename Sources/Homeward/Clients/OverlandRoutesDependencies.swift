/// What `POST /v1/clients/overland` uses: the authenticator of device keys and sessions, the ingest
/// service that stores the batch, and the clock its points are checked against.
struct OverlandRoutesDependencies: Sendable {
    /// Admits the client by its device key or session.
    let authenticator: Authenticator
    /// Stores the fixes, activities and reports of the batch.
    let ingest: IngestService
    /// The time the batch arrived, which corrects clocks running ahead and bounds a point's time.
    let clock: any WallClock
}
