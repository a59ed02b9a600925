import HomewardStore

/// What `/v1/clients/osmand` uses: device keys, the ingest service, and for the rare message that
/// carries more than a fix, the database and the alert service an SOS is raised through.
struct OsmAndRoutesDependencies: Sendable {
    /// Stores the fixes and activities.
    let ingest: IngestService
    /// Holds push tokens and the alarms kept as reports.
    let database: any DatabaseWriter
    /// Raises the SOS of `alarm=sos` as every SOS is raised, once however often it is resent.
    let alerts: AlertService
    /// The time the message arrived.
    let clock: any WallClock
}
