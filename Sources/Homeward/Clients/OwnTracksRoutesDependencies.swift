import HomewardStore

/// What the OwnTracks routes use: the ingest service, the database the reply's friends, zones and
/// reports come from, and who may see whom.
struct OwnTracksRoutesDependencies: Sendable {
    /// Stores the fixes and steps of a message.
    let ingest: IngestService
    /// Holds payload secrets, reports, the latest positions and the zones sent back.
    let database: any DatabaseWriter
    /// Decides whose positions the reply carries and whom a guardian may ask to report.
    let accessPolicy: AccessPolicy
    /// The time a message arrived.
    let clock: any WallClock
}
