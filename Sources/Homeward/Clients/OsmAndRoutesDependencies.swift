import HomewardStore

/// What `/v1/clients/osmand` uses: device keys, the ingest service, and for the rare message that
/// carries more than a fix, the database, the alerts an SOS raises and the events that announce it.
struct OsmAndRoutesDependencies: Sendable {
    /// Stores the fixes and activities.
    let ingest: IngestService
    /// Holds push tokens, SOS alerts and other alarms kept as reports.
    let database: any DatabaseWriter
    /// Raises the SOS of `alarm=sos`, once however often it is resent.
    let alerts: AlertCenter
    /// Publishes a raised SOS to streams and webhooks.
    let events: EventBus
    /// The time the message arrived.
    let clock: any WallClock
}
