import HomewardGeo
import HomewardStore

/// Follows the progress of each active trip on every fresh fix (as a `LocationObserver`, inside
/// ingest's write transaction), keeps the progress snapshot in the trips row, and raises and resolves
/// through the `AlertCenter` what the trip rules decide (`OffRouteRule`, `StalledRule`,
/// `OverdueRule`, in `Alerts/Rules/`). Overdue and stalled also need time to pass with no fix at
/// all, so `sweep()` checks them and the `TripTimer` calls it.
public final class TripMonitor: LocationObserver {
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

    /// Whether each of `accounts` is on a trip, read at once.
    public func readAhead(of accounts: [AccountKey], into batch: inout QueryBatch, in db: Database) {
        TripStore(db: db).readTravellers(of: accounts, into: &batch)
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
            if trip.dueAt == nil {
                trip.dueAt = configuration.overdue.deadline(arrivingBy: trip.progress?.eta)
            }
            published += try apply(OffRouteRule.actions(for: progress, on: trip), for: trip, at: fix.time, in: db)
            let stall = configuration.stalled.actions(
                following: &trip, remainingMetres: progress.distanceRemainingMetres, at: fix.time,
                progressMetres: configuration.route.stalledProgressMetres)
            published += try apply(stall, for: trip, at: fix.time, in: db)
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
        trip.dueAt = configuration.overdue.deadline(arrivingBy: trip.expectedArrival ?? trip.progress?.eta)
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
                raised += try apply([.raise(OverdueRule.request(for: trip))], for: trip, at: now, in: db)
            }
            let cutoff = configuration.stalled.cutoff(at: now)
            for trip in try TripStore(db: db).tripsWithoutProgress(since: cutoff) {
                raised += try apply([.raise(StalledRule.request(for: trip))], for: trip, at: now, in: db)
            }
            return raised
        }
        raised.forEach(events.publish)
    }

    /// Does what a trip rule decided for `trip` at `time` (a raise is skipped while an alert of its
    /// cause stands); the events to publish.
    func apply(_ actions: [AlertAction], for trip: TripRecord, at time: Timestamp, in db: Database) throws -> [AppEvent] {
        try actions.compactMap { try alerts.apply($0, for: trip.accountKey, at: time, in: db)?.event }
    }

    /// Resolves every active alert of `trip` (it arrived or was deleted); the events to publish.
    func resolveAlerts(of trip: TripRecord, at time: Timestamp, in db: Database) throws -> [AppEvent] {
        try AlertStore(db: db).activeCauses(of: trip.accountKey, onTrip: trip.id).compactMap { cause in
            try alerts.resolve(cause: cause, for: trip.accountKey, at: time, in: db)?.event
        }
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

extension AlertRequest {
    /// The alert of a trip rule about `trip`: at the trip's last known place, naming the trip.
    init(type: AlertType, cause: String, message: String, on trip: TripRecord) {
        self.init(type: type, cause: cause, message: message, location: trip.lastLocation, tripID: trip.id)
    }
}
