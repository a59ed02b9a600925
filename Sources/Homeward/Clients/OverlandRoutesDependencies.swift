/// What `POST /v1/clients/overland` uses: the ingest service that stores the batch, and the clock its
/// points are checked against.
struct OverlandRoutesDependencies: Sendable {
    /// Stores the fixes, activities and reports of the batch.
    let ingest: IngestService
    /// The time the batch arrived, which corrects clocks running ahead and bounds a point's time.
    let clock: any WallClock
}
