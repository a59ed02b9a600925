import HomewardGeo
import HomewardStore

/// The trip rules: follows the progress of each active trip on every fresh fix (as a
/// `LocationObserver`, inside ingest's write transaction), keeps the progress snapshot in the trips
/// row, and raises and resolves the trip alerts through the `AlertCenter`: `off_route` (confirmed by
/// the geo tracker, resolved when back on route), `stalled` (the distance remaining has not shrunk by
/// the tracker's `stalledProgressMetres` for `stalledAfterSeconds` while moving, resolved by progress)
/// and `overdue` (the deadline passed without arrival). Overdue and stalled also need time to pass
/// with no fix at all, so `sweep()` checks them and the `TripTimer` calls it.
public final class TripMonitor: LocationObserver {
    /// The rule names in alert causes: `trip:<trip id>:<rule>`.
    enum Rule: String {
        case offRoute = "off_route"
        case overdue
        case stalled
        case arrived
    }

    /// The thresholds.
    public let configuration: TripConfiguration
    let trackers: TripTrackers
    private let database: any DatabaseWriter
    private let clock: any WallClock
    private let alerts: AlertCenter
    private let events: EventBus

    /// Creates the monitor.
    public init(
        configuration: TripConfiguration, database: any DatabaseWriter, clock: any WallClock, alerts: AlertCenter,
        events: EventBus
    ) {
        self.configuration = configuration
        self.trackers = TripTrackers(configuration: configuration.route)
        self.database = database
        self.clock = clock
        self.alerts = alerts
        self.events = events
    }

    /// The cause of `rule`'s alerts for `trip`.
    static func cause(_ rule: Rule, of trip: TripRecord) -> String {
        "trip:\(trip.id):\(rule.rawValue)"
    }

    /// Whether each of `accounts` is on a trip, read at once.
    public func readAhead(of accounts: [AccountKey], in db: Database) throws {
        try TripStore(db: db).cacheTravellers(of: accounts)
    }

    /// Follows `fixes` on the active trip of `account`, if it has one.
    public func observe(_ fixes: [ObservedFix], of account: AccountKey, in db: Database) throws -> [AppEvent] {
        let reliable = fixes.filter(\.isReliable)
        let store = TripStore(db: db)
        guard let last = reliable.last, try store.hasActiveTrip(account),
              var trip = try store.activeTrip(of: account) else { return [] }
        let before = trackers.tracker(for: trip)
        var tracker = before
        var published: [AppEvent] = []
        for fix in reliable {
            let geoFix = Fix(
                t: Double(fix.time.unixMilliseconds) / Double(Timestamp.millisecondsPerSecond), lat: fix.lat,
                lon: fix.lon, accuracy: fix.accuracyMetres, speed: fix.speedMetresPerSecond)
            guard let progress = tracker.update(with: geoFix) else { continue }
            let location = TripFix(t: fix.time, lat: fix.lat, lon: fix.lon, accuracy: fix.accuracyMetres)
            trip.progress = Self.snapshot(of: progress, from: fix.time, lastLocation: location)
            if trip.dueAt == nil, let eta = trip.progress?.eta {
                trip.dueAt = eta.adding(milliseconds: configuration.overdueMarginMilliseconds)
            }
            if progress.events.contains(.offRoute) {
                published += try raise(.offRoute, for: trip, at: fix.time, message: "Left the planned route.", in: db)
            }
            if progress.events.contains(.backOnRoute) {
                published += try resolve(.offRoute, for: trip, at: fix.time, in: db)
            }
            published += try followStall(of: &trip, remainingMetres: progress.distanceRemainingMetres, at: fix.time, in: db)
        }
        trip.trackerState = TripTrackers.savedState(of: tracker)
        try store.saveProgress(of: trip, at: last.time)
        trackers.store(tracker, for: trip)
        let trackers = trackers
        let stored = trip
        db.onRollback { trackers.store(before, for: stored) }
        published.append(trip.event)
        return published
    }

    /// `trip` with its progress estimated from its origin (or its route's start) at its start, and
    /// its overdue deadline: the expected arrival, or else the start plus that ETA, plus the margin.
    func planned(_ trip: TripRecord) -> TripRecord {
        var trip = trip
        let start = trip.origin.map { Coordinate(lat: $0.lat, lon: $0.lon) } ?? trip.route?.first
        var probe = trackers.makeTracker(for: trip)
        if let start, let progress = probe.update(with: Fix(
            t: Double(trip.startedAt.unixMilliseconds) / Double(Timestamp.millisecondsPerSecond),
            lat: start.lat, lon: start.lon)) {
            trip.progress = Self.snapshot(of: progress, from: trip.startedAt, lastLocation: nil)
            trip.stallReferenceMetres = progress.distanceRemainingMetres
        }
        trip.dueAt = (trip.expectedArrival ?? trip.progress?.eta)?.adding(milliseconds: configuration.overdueMarginMilliseconds)
        return trip
    }

    /// Raises `overdue` for active trips past their deadline and `stalled` for moving trips whose
    /// progress has not advanced for the stall time, at the clock's time; publishes the alerts.
    /// Each alert is raised once: the `AlertCenter` keeps one active alert per cause.
    public func sweep() throws {
        let now = clock.now()
        let raised = try database.write { db in
            var raised: [AppEvent] = []
            for trip in try TripStore(db: db).tripsDue(by: now) {
                raised += try raise(.overdue, for: trip, at: now, message: "Not arrived in time.", in: db)
            }
            let cutoff = now.adding(milliseconds: -configuration.stalledAfterMilliseconds)
            for trip in try TripStore(db: db).tripsWithoutProgress(since: cutoff) {
                raised += try raise(.stalled, for: trip, at: now, message: "No progress towards the destination.", in: db)
            }
            return raised
        }
        raised.forEach(events.publish)
    }

    /// Raises `rule`'s alert for `trip` unless it stands already; the events to publish.
    func raise(_ rule: Rule, for trip: TripRecord, at time: Timestamp, message: String, in db: Database) throws -> [AppEvent] {
        let type: AlertType = switch rule {
        case .offRoute: .offRoute
        case .overdue: .overdue
        case .stalled: .stalled
        case .arrived: .arrived
        }
        let request = AlertRequest(
            type: type, cause: Self.cause(rule, of: trip), message: message, location: trip.lastLocation, tripID: trip.id)
        return try alerts.raise(request, for: trip.accountKey, at: time, in: db).map { [$0.event] } ?? []
    }

    /// Resolves every active alert of `trip` (it arrived or was deleted); the events to publish.
    func resolveAlerts(of trip: TripRecord, at time: Timestamp, in db: Database) throws -> [AppEvent] {
        try AlertStore(db: db).activeCauses(of: trip.accountKey, onTrip: trip.id).compactMap { cause in
            try alerts.resolve(cause: cause, for: trip.accountKey, at: time, in: db)?.event
        }
    }

    private func resolve(_ rule: Rule, for trip: TripRecord, at time: Timestamp, in db: Database) throws -> [AppEvent] {
        try alerts.resolve(cause: Self.cause(rule, of: trip), for: trip.accountKey, at: time, in: db).map { [$0.event] } ?? []
    }

    /// Moves the stall reference when the distance remaining shrank enough (resolving `stalled`),
    /// or raises `stalled` when it has not for the stall time while moving.
    private func followStall(
        of trip: inout TripRecord, remainingMetres: Double, at time: Timestamp, in db: Database
    ) throws -> [AppEvent] {
        let advanced = trip.stallReferenceMetres.map {
            remainingMetres < $0 - configuration.route.stalledProgressMetres
        } ?? true
        if advanced {
            trip.stallReferenceMetres = remainingMetres
            trip.stallReferenceAt = time
            return try resolve(.stalled, for: trip, at: time, in: db)
        }
        guard trip.workflow.phase == .moving,
              time.unixMilliseconds - trip.stallReferenceAt.unixMilliseconds >= configuration.stalledAfterMilliseconds
        else { return [] }
        return try raise(.stalled, for: trip, at: time, message: "No progress towards the destination.", in: db)
    }

    private static func snapshot(
        of progress: RouteProgress, from time: Timestamp, lastLocation: TripFix?
    ) -> TripResource.Progress {
        let etaMilliseconds = (progress.etaSeconds * Double(Timestamp.millisecondsPerSecond)).rounded()
        return TripResource.Progress(
            distanceRemaining: progress.distanceRemainingMetres, etaSeconds: progress.etaSeconds,
            eta: time.adding(milliseconds: etaMilliseconds.isFinite ? Int64(etaMilliseconds) : 0),
            offRoute: progress.offRoute, lastLocation: lastLocation)
    }
}
