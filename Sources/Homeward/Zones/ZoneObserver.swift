import Foundation
import HomewardGeo
import HomewardStore
import Synchronization

/// The geo reactions to fresh fixes: keeps one `PersonTracker` per person in memory (at most
/// `maxTrackedPeople`, least recently fed dropped first, rebuilt from the zones table on demand),
/// turns its events into alerts through the `AlertCenter` and keeps `PersonStatusBoard` current.
/// Also watches the battery (`low_battery`) and resolves `silent` when a fix arrives.
///
/// Ingest and the background checks call it inside the single writer's transactions, so one person's
/// tracker is never fed from two threads; the mutex guards the dictionary against route handlers.
/// A tracker changes with the write that fed it and is put back if that write rolls back; the status
/// board, which guardians read, changes only once the write has committed.
public final class ZoneObserver: LocationObserver {
    /// A class, so the dictionary holds a reference: the tracker (and its buffers) is changed in
    /// place, never moved or copied in and out of the dictionary.
    private final class TrackedPerson {
        var tracker: PersonTracker
        let zones: [String: ZoneResource]
        let timeZone: TimeZone
        var lastUsed: UInt64

        init(tracker: PersonTracker, zones: [String: ZoneResource], timeZone: TimeZone) {
            self.tracker = tracker
            self.zones = zones
            self.timeZone = timeZone
            lastUsed = 0
        }
    }

    private struct People {
        var byAccount: [AccountKey: TrackedPerson] = [:]
        var tick: UInt64 = 0
    }

    private let store: ZoneStore
    private let alerts: AlertCenter
    private let statusBoard: PersonStatusBoard
    private let configuration: AppConfiguration
    private let trackerConfiguration: TrackerConfiguration
    private let people = Mutex(People())

    /// Creates the observer.
    public init(
        store: ZoneStore, alerts: AlertCenter, statusBoard: PersonStatusBoard, configuration: AppConfiguration,
        trackerConfiguration: TrackerConfiguration = TrackerConfiguration()
    ) {
        self.store = store
        self.alerts = alerts
        self.statusBoard = statusBoard
        self.configuration = configuration
        self.trackerConfiguration = trackerConfiguration
    }

    /// Feeds `fixes` to the person's tracker and raises or resolves the alerts that follow.
    public func observe(_ fixes: [ObservedFix], of account: AccountKey, in db: Database) throws -> [AppEvent] {
        guard let last = fixes.last else { return [] }
        var published: [AppEvent] = []
        if let resolved = try alerts.resolve(cause: AlertCause.silent, for: account, at: last.time, in: db) {
            published.append(resolved.event)
        }
        published += try watchBattery(fixes, of: account, in: db)
        let reliable = fixes.filter(\.isReliable)
        guard !reliable.isEmpty else { return published }
        try ensureTracked(account, in: db)
        let outcome = people.withLock { people -> (events: [([GeoEvent], ObservedFix)], zones: [String: ZoneResource], status: HomewardGeo.PersonStatus, before: TrackerSnapshot)? in
            guard let person = people.byAccount[account] else { return nil }
            let before = TrackerSnapshot(person)
            var events: [([GeoEvent], ObservedFix)] = []
            for fix in reliable {
                let seconds = Double(fix.time.unixMilliseconds) / 1000
                let geoFix = Fix(
                    t: seconds, lat: fix.lat, lon: fix.lon, accuracy: fix.accuracyMetres, speed: fix.speedMetresPerSecond,
                    utcOffsetSeconds: person.timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: seconds)))
                let crossing = fix.reportedCrossing.flatMap { reported in
                    person.tracker.zones.first { reported.names($0.name) }
                        .map { ReportedCrossing(zoneId: $0.id, direction: reported.direction) }
                }
                let happened = person.tracker.ingest(geoFix, reportedCrossing: crossing)
                if !happened.isEmpty { events.append((happened, fix)) }
            }
            people.tick += 1
            person.lastUsed = people.tick
            return (events, person.zones, person.tracker.status, before)
        }
        guard let outcome else { return published }
        restoreOnRollback(outcome.before, of: account, in: db)
        for (events, fix) in outcome.events {
            published += try react(to: events, at: fix.time, location: Self.location(of: fix), zones: outcome.zones, account: account, in: db)
        }
        let status = Self.boardStatus(outcome.status)
        let statusBoard = statusBoard
        db.afterCommit { statusBoard.set(status, for: account) }
        return published
    }

    /// A person's tracker as it was before a write fed it, and which tracked person it belongs to.
    private struct TrackerSnapshot: Sendable {
        let person: ObjectIdentifier
        let tracker: PersonTracker

        init(_ person: TrackedPerson) {
            self.person = ObjectIdentifier(person)
            tracker = person.tracker
        }
    }

    /// The tracker of `account` changed for the write open in `db`: if that write rolls back (a later
    /// observer or the commit fails), the tracker goes back to `before`, so the fixes sent again
    /// raise the alerts the rolled-back rows held. A person dropped meanwhile is rebuilt anyway.
    private func restoreOnRollback(_ before: TrackerSnapshot, of account: AccountKey, in db: Database) {
        db.onRollback { [self] in
            people.withLock { people in
                guard let person = people.byAccount[account], ObjectIdentifier(person) == before.person else { return }
                person.tracker = before.tracker
            }
        }
    }

    /// Runs the clock-driven rules ("there by" deadlines) of everyone who has one at `now`, without a
    /// fresh fix; the first run after a start only starts each tracker's clock.
    public func checkClocks(at now: Timestamp, in db: Database) throws -> [AppEvent] {
        var published: [AppEvent] = []
        for account in try store.accountsWithArrivalRules(in: db) {
            try ensureTracked(account, in: db)
            let outcome = people.withLock { people -> (events: [GeoEvent], zones: [String: ZoneResource], before: TrackerSnapshot)? in
                guard let person = people.byAccount[account] else { return nil }
                let before = TrackerSnapshot(person)
                let seconds = Double(now.unixMilliseconds) / 1000
                let offset = person.timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: seconds))
                let events = person.tracker.evaluateClock(now: seconds, utcOffsetSeconds: offset)
                return (events, person.zones, before)
            }
            guard let outcome else { continue }
            restoreOnRollback(outcome.before, of: account, in: db)
            guard !outcome.events.isEmpty else { continue }
            published += try react(to: outcome.events, at: now, location: nil, zones: outcome.zones, account: account, in: db)
        }
        return published
    }

    /// Drops the tracker of `account` (its zones changed); it is rebuilt from the zones table on the next fix.
    public func invalidate(_ account: AccountKey) {
        _ = people.withLock { $0.byAccount.removeValue(forKey: account) }
        if var status = statusBoard.status(of: account) {
            status.zone = nil
            status.distanceFromHomeMetres = nil
            statusBoard.set(status, for: account)
        }
    }

    /// How many people have a tracker in memory.
    public var trackedCount: Int { people.withLock { $0.byAccount.count } }

    private func ensureTracked(_ account: AccountKey, in db: Database) throws {
        guard !people.withLock({ $0.byAccount[account] != nil }) else { return }
        let zones = try store.zones(of: account, in: db)
        let timeZone = zones.first.flatMap { TimeZone(identifier: $0.timeZone) } ?? TimeZone(secondsFromGMT: 0) ?? .current
        let tracker = PersonTracker(configuration: trackerConfiguration, zones: zones.map(\.safeZone))
        let zonesByID = Dictionary(uniqueKeysWithValues: zones.map { ($0.id, $0) })
        let limit = max(1, configuration.maxTrackedPeople)
        people.withLock { people in
            if people.byAccount.count >= limit {
                // Drop the least recently fed tenth at once, so eviction stays amortised O(1) per insert.
                let victims = people.byAccount.sorted { $0.value.lastUsed < $1.value.lastUsed }
                    .prefix(max(1, limit / 10)).map(\.key)
                for victim in victims { people.byAccount.removeValue(forKey: victim) }
            }
            people.tick += 1
            let person = TrackedPerson(tracker: tracker, zones: zonesByID, timeZone: timeZone)
            person.lastUsed = people.tick
            people.byAccount[account] = person
        }
    }

    private func react(
        to events: [GeoEvent], at time: Timestamp, location: AlertResource.Location?, zones: [String: ZoneResource],
        account: AccountKey, in db: Database
    ) throws -> [AppEvent] {
        var changes: [(alert: AlertResource, event: AppEvent)?] = []
        let nightExits = Set(events.compactMap { event -> String? in
            if case .leftHomeAtNight(let id) = event { return id }
            return nil
        })
        for event in events {
            switch event {
            case .leftZone(let id):
                let name = zones[id]?.name ?? "a safe zone"
                changes.append(try alerts.resolve(cause: AlertCause.enteredZone(id), for: account, at: time, in: db))
                let message = nightExits.contains(id) ? "Left \(name) at night." : "Left \(name)."
                changes.append(try alerts.raise(
                    AlertRequest(type: .leftZone, cause: AlertCause.outsideZone(id), message: message, location: location),
                    for: account, at: time, in: db))
            case .enteredZone(let id):
                changes.append(try alerts.resolve(cause: AlertCause.outsideZone(id), for: account, at: time, in: db))
                changes.append(try alerts.resolve(cause: AlertCause.missedArrival(id), for: account, at: time, in: db))
                if let zone = zones[id], zone.notifyOnEnter {
                    changes.append(try alerts.raise(
                        AlertRequest(type: .enteredZone, cause: AlertCause.enteredZone(id), message: "Arrived at \(zone.name).",
                                     location: location),
                        for: account, at: time, in: db))
                }
            case .wanderingStarted(let pattern, let score):
                changes.append(try alerts.raise(
                    AlertRequest(type: .wandering, cause: AlertCause.wandering,
                                 message: "Movement looks like \(pattern.rawValue) (score \(String(format: "%.2f", score))).",
                                 location: location),
                    for: account, at: time, in: db))
            case .wanderingEnded:
                changes.append(try alerts.resolve(cause: AlertCause.wandering, for: account, at: time, in: db))
            case .farFromHome(let distance):
                changes.append(try alerts.raise(
                    AlertRequest(type: .wandering, cause: AlertCause.farFromHome,
                                 message: "Far from home (\(Int(distance.rounded())) m) and outside every safe zone.",
                                 location: location),
                    for: account, at: time, in: db))
            case .farFromHomeEnded:
                changes.append(try alerts.resolve(cause: AlertCause.farFromHome, for: account, at: time, in: db))
            case .expectedMissed(let id):
                let zone = zones[id]
                changes.append(try alerts.raise(
                    AlertRequest(type: .expectedMissed, cause: AlertCause.missedArrival(id),
                                 message: "Not at \(zone?.name ?? "the zone") by \(zone?.expected?.arriveBy ?? "the deadline").",
                                 location: location),
                    for: account, at: time, in: db))
            case .leftHomeAtNight, .stateChanged:
                break
            }
        }
        return changes.compactMap { $0?.event }
    }

    private func watchBattery(_ fixes: [ObservedFix], of account: AccountKey, in db: Database) throws -> [AppEvent] {
        var published: [AppEvent] = []
        // After a raise an alert of the cause is active, after a resolve none is, and nothing else
        // writes alerts inside this write block: a fix on the same side as the one before changes
        // nothing, so only the first of each run is looked up.
        var lastSideIsLow: Bool?
        for fix in fixes {
            guard let battery = fix.batteryPercent else { continue }
            if battery < configuration.lowBatteryPercent {
                guard lastSideIsLow != true else { continue }
                lastSideIsLow = true
                let request = AlertRequest(
                    type: .lowBattery, cause: AlertCause.lowBattery, message: "Battery at \(Int(battery.rounded())) %.",
                    location: Self.location(of: fix))
                if let raised = try alerts.raise(request, for: account, at: fix.time, in: db) { published.append(raised.event) }
            } else if battery >= configuration.lowBatteryPercent + configuration.lowBatteryRecoveryPercent {
                guard lastSideIsLow != false else { continue }
                lastSideIsLow = false
                if let resolved = try alerts.resolve(cause: AlertCause.lowBattery, for: account, at: fix.time, in: db) {
                    published.append(resolved.event)
                }
            }
        }
        return published
    }

    private static func location(of fix: ObservedFix) -> AlertResource.Location {
        AlertResource.Location(lat: fix.lat, lon: fix.lon, accuracy: fix.accuracyMetres)
    }

    private static func boardStatus(_ status: HomewardGeo.PersonStatus) -> PersonStatus {
        PersonStatus(
            state: status.state == .unknown ? nil : status.state.rawValue,
            zone: status.zoneName,
            wandering: status.wandering.map {
                PersonStatus.Wandering(
                    pattern: $0.pattern.rawValue, since: Timestamp(unixMilliseconds: Int64(($0.since * 1000).rounded())),
                    score: $0.score)
            },
            distanceFromHomeMetres: status.distanceFromHomeMetres)
    }
}
