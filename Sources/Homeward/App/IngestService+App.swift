extension IngestService {
    /// The ingest service of `app`, feeding fresh fixes to `observers` (by default the app's).
    public init(app: HomewardApp, observers: [any LocationObserver]? = nil) {
        self.init(
            database: app.database, clock: app.clock, events: app.events, observers: observers ?? app.locationObservers,
            metrics: app.metrics,
            limits: IngestLimits(app.configuration))
    }
}
