import Foundation
import HomewardGeo
import HomewardStore
import Synchronization

/// The geo reactions to fresh fixes: keeps one `PersonTracker` per person in memory (at most
/// `ZoneObserverSettings.maxTrackedPeople`, least recently fed dropped first, rebuilt on demand from the zones table, the
/// person's routine settings and notes, and their routine from their stored history: at most
/// `routineHistoryMaxFixes` fixes of the newest `routineHistoryDays` days that have fixes (an
/// import's too, up to `routineHistoryMaxAgeDays` old), read in pages; then it
/// recalls their last `trackerRecallMinutes` of fixes, so it takes up where they left off),
/// turns its events into alerts through the `AlertCenter` and keeps `PersonStatusBoard` current.
/// Also runs the fix rules (`FixAlertRule`: `silent`'s end, `low_battery` and any other in
/// `AlertRules.all`), and asks the `UnaccompaniedRule` whether an exit happened with no
/// guardian near.
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
        /// Late fixes were stored since the routine was built: it is rebuilt from history at the
        /// person's next fix or places read.
        var routineStale = false
        /// The time of the newest fix this tracker judged, in milliseconds.
        var lastFixMilliseconds: Int64?

        init(tracker: PersonTracker, zones: [String: ZoneResource], timeZone: TimeZone) {
            self.tracker = tracker
            self.zones = zones
            self.timeZone = timeZone
        }
    }

    private struct People {
        var byAccount = RecentlyUsedTable<AccountKey, TrackedPerson>()
        /// Routines of trackers dropped because their settings changed, for the rebuilt tracker
        /// (so a zone edit does not cost a rebuild from history).
        var retiredRoutines: [AccountKey: RoutineModel] = [:]
    }

    private let routineStore = RoutineStore()
    private let alerts: AlertCenter
    private let statusBoard: PersonStatusBoard
    private let settings: ZoneObserverSettings
    private let trackerConfiguration: TrackerConfiguration
    private let unaccompanied: UnaccompaniedRule
    private let fixRules: [any FixAlertRule]
    private let people = Mutex(People())
    /// The other nodes on a shared PostgreSQL database, told when a person's zones or settings
    /// change (`relayChanges(to:)`); nil alone.
    private let otherNodes = Mutex<ClusterEventRelay?>(nil)

    /// Creates the observer; `accessPolicy` names the guardians the `unaccompanied` rule looks for,
    /// `fixRules` judge every upload's fixes.
    public init(
        alerts: AlertCenter, statusBoard: PersonStatusBoard, settings: ZoneObserverSettings,
        accessPolicy: AccessPolicy, fixRules: [any FixAlertRule] = [],
        trackerConfiguration: TrackerConfiguration = TrackerConfiguration()
    ) {
        self.alerts = alerts
        self.fixRules = fixRules
        self.statusBoard = statusBoard
        self.settings = settings
        self.trackerConfiguration = trackerConfiguration
        unaccompanied = UnaccompaniedRule(
            accessPolicy: accessPolicy, alerts: alerts,
            guardianFixMaxAgeSeconds: settings.unaccompaniedGuardianFixMaxAgeSeconds)
    }

    /// Resolves the `unaccompanied` alerts of people a guardian has come near (the periodic check).
    public func resolveAccompanied(at now: Timestamp, in db: Database) throws -> [AppEvent] {
        try unaccompanied.resolveAccompanied(at: now, in: db)
    }

    /// Feeds `fixes` to the person's tracker and raises or resolves the alerts that follow.
    public func observe(_ fixes: [ObservedFix], of account: AccountKey, in db: Database) throws -> [AppEvent] {
        try observe(fixes, of: account, knownNewestBefore: nil, in: db)
    }

    /// As `observe(_:of:in:)`; a tracker that judged the fix at `previousNewest` (the newest stored
    /// before `fixes`) missed nothing, so whether another node stored fixes it never judged is not read.
    public func observe(
        _ fixes: [ObservedFix], of account: AccountKey, storedUpTo previousNewest: Timestamp?, in db: Database
    ) throws -> [AppEvent] {
        try observe(fixes, of: account, knownNewestBefore: previousNewest, in: db)
    }

    /// The active alerts the fixes of `accounts` will look at, read at once.
    public func readAhead(of accounts: [AccountKey], into batch: inout QueryBatch, in db: Database) {
        AlertStore(db: db).readActiveAlerts(of: accounts, into: &batch)
    }

    private func observe(
        _ fixes: [ObservedFix], of account: AccountKey, knownNewestBefore previousNewest: Timestamp?, in db: Database
    ) throws -> [AppEvent] {
        guard !fixes.isEmpty else { return [] }
        var published: [AppEvent] = []
        let rules = AlertRuleContext(center: alerts, db: db)
        for rule in fixRules { try rule.judge(fixes, of: account, with: rules) }
        published += rules.events
        let reliable = fixes.filter(\.isReliable)
        guard let first = reliable.first else { return published }
        if settings.sharesPeopleWithOtherNodes {
            try dropTrackerIfBehind(account, judging: first.time, newestBefore: previousNewest, in: db)
        }
        try ensureTracked(account, historyBefore: first.time, in: db)
        let outcome = people.withLock { people -> (events: [([GeoEvent], ObservedFix, [String: AlertEvidence])], zones: [String: ZoneResource], status: HomewardGeo.PersonStatus, before: TrackerSnapshot)? in
            guard let person = people.byAccount.use(account) else { return nil }
            let before = TrackerSnapshot(person)
            var events: [([GeoEvent], ObservedFix, [String: AlertEvidence])] = []
            for fix in reliable {
                let geoFix = Self.geoFix(fix, in: person.timeZone)
                let crossing = fix.reportedCrossing.flatMap { reported in
                    person.tracker.zones.first { reported.names($0.name) }
                        .map { ReportedCrossing(zoneId: $0.id, direction: reported.direction) }
                }
                let happened = person.tracker.ingest(geoFix, reportedCrossing: crossing)
                if !happened.isEmpty { events.append((happened, fix, Self.evidence(of: happened, in: person.tracker))) }
            }
            person.lastFixMilliseconds = reliable.last?.time.unixMilliseconds
            return (events, person.zones, person.tracker.status, before)
        }
        guard let outcome else { return published }
        restoreOnRollback(outcome.before, of: account, in: db)
        for (events, fix, evidence) in outcome.events {
            published += try react(
                to: events, at: fix.time, location: Self.location(of: fix), evidence: evidence, zones: outcome.zones,
                account: account, in: db)
        }
        let status = Self.boardStatus(outcome.status)
        let statusBoard = statusBoard
        db.afterCommit { statusBoard.set(status, for: account) }
        return published
    }

    /// Fixes older than the person's latest were stored (an offline backlog uploaded late): the
    /// tracker never judges the past, but once the write commits its routine is marked stale, to be rebuilt from the stored
    /// history (which now holds them) when next used; a routine kept from a dropped tracker is
    /// forgotten for the same reason.
    public func observeLate(_ fixes: [ObservedFix], of account: AccountKey, in db: Database) throws {
        guard fixes.contains(where: \.isReliable) else { return }
        historyChanged(of: account, in: db)
    }

    /// `account`'s stored history changed in the past (late fixes, an import or its undo): once the
    /// write commits, the routine is rebuilt from history when next used, on every node.
    public func historyChanged(of account: AccountKey, in db: Database) {
        // Memory follows the database: only once the change is committed is the routine stale.
        db.afterCommit { [self] in
            routineIsStale(account)
            otherNodes.withLock { $0 }?.send(.historyChanged(account: account))
        }
    }

    /// Marks `account`'s routine for a rebuild from history at its next use (its history changed,
    /// here or on another node).
    func routineIsStale(_ account: AccountKey) {
        people.withLock { people in
            people.retiredRoutines[account] = nil
            people.byAccount[account]?.routineStale = true
        }
    }

    /// A person's tracker as it was before a write fed it, and which tracked person it belongs to.
    private struct TrackerSnapshot: Sendable {
        let person: ObjectIdentifier
        let tracker: PersonTracker
        let lastFixMilliseconds: Int64?

        init(_ person: TrackedPerson) {
            self.person = ObjectIdentifier(person)
            tracker = person.tracker
            lastFixMilliseconds = person.lastFixMilliseconds
        }
    }

    /// Drops the tracker of `account` when a reliable fix older than `time` is stored that it never
    /// judged: another node took the person's fixes meanwhile (a load balancer moved their phone),
    /// so this tracker's view of where they are is out of date. `ensureTracked` then builds it again
    /// from the database, as after a restart, and it judges the next fixes without a false alert.
    /// When the newest fix stored before (`newestBefore`, known to ingest) is one it judged, there is
    /// nothing to read.
    private func dropTrackerIfBehind(
        _ account: AccountKey, judging time: Timestamp, newestBefore: Timestamp?, in db: Database
    ) throws {
        guard let judged = people.withLock({ $0.byAccount[account]?.lastFixMilliseconds }) else { return }
        if let newestBefore, newestBefore.unixMilliseconds <= judged { return }
        guard let stored = try LocationStore(db: db).lastReliableFix(of: account, before: time),
              stored.time.unixMilliseconds > judged else { return }
        invalidate(account)
    }

    /// The tracker of `account` changed for the write open in `db`: if that write rolls back (a later
    /// observer or the commit fails), the tracker goes back to `before`, so the fixes sent again
    /// raise the alerts the rolled-back rows held. A person dropped meanwhile is rebuilt anyway.
    private func restoreOnRollback(_ before: TrackerSnapshot, of account: AccountKey, in db: Database) {
        db.onRollback { [self] in
            people.withLock { people in
                guard let person = people.byAccount[account], ObjectIdentifier(person) == before.person else { return }
                person.tracker = before.tracker
                person.lastFixMilliseconds = before.lastFixMilliseconds
            }
        }
    }

    /// Runs the clock-driven rules ("there by" deadlines) of everyone who has one at `now`, without a
    /// fresh fix; the first run after a start only starts each tracker's clock.
    public func checkClocks(at now: Timestamp, in db: Database) throws -> [AppEvent] {
        var published: [AppEvent] = []
        for account in try ZoneStore(db: db).accountsWithArrivalRules() {
            try ensureTracked(account, historyBefore: now, in: db)
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

    /// Drops the tracker of `account` (its zones or routine settings changed); it is rebuilt on the
    /// next fix, with the routine learned so far unless `keepingRoutine` is false (learning was
    /// switched off or on: the routine is then forgotten or rebuilt from history).
    public func invalidate(_ account: AccountKey, keepingRoutine: Bool = true) {
        let limit = max(1, settings.maxTrackedPeople)
        people.withLock { people in
            let dropped = people.byAccount.removeValue(forKey: account)
            people.retiredRoutines[account] = nil
            guard keepingRoutine, let dropped, dropped.tracker.configuration.learnsRoutine else { return }
            if people.retiredRoutines.count >= limit { people.retiredRoutines.removeAll() }
            people.retiredRoutines[account] = dropped.tracker.learnedRoutine
        }
        if var status = statusBoard.status(of: account) {
            status.zone = nil
            status.distanceFromHomeMetres = nil
            statusBoard.set(status, for: account)
        }
    }

    /// How many people have a tracker in memory.
    public var trackedCount: Int { people.withLock { $0.byAccount.count } }

    /// Whether `account` has a tracker in memory.
    func isTracking(_ account: AccountKey) -> Bool { people.withLock { $0.byAccount[account] != nil } }

    /// Tells the nodes behind `relay` of every change of a person's zones or settings from now on.
    func relayChanges(to relay: ClusterEventRelay?) {
        otherNodes.withLock { $0 = relay }
    }

    /// `account`'s zones, routine settings, place notes or false-alarm tuning changed in the write
    /// open in `db`: this node's tracker is dropped now (`invalidate`), and once the write commits,
    /// every other node's too, so the node that takes the person's next fix builds it again from
    /// the database whichever node saw the change.
    public func settingsChanged(of account: AccountKey, keepingRoutine: Bool = true, in db: Database) {
        invalidate(account, keepingRoutine: keepingRoutine)
        db.afterCommit { [self] in tellOtherNodes(account, keepingRoutine: keepingRoutine) }
    }

    /// As `settingsChanged(of:keepingRoutine:in:)`, for a change already committed.
    public func settingsChanged(of account: AccountKey, keepingRoutine: Bool = true) {
        invalidate(account, keepingRoutine: keepingRoutine)
        tellOtherNodes(account, keepingRoutine: keepingRoutine)
    }

    private func tellOtherNodes(_ account: AccountKey, keepingRoutine: Bool) {
        otherNodes.withLock { $0 }?.send(.trackerSettingsChanged(account: account, keepingRoutine: keepingRoutine))
    }

    /// The places `account`'s routine learned with the guardians' notes, whether learning is on, and
    /// the days learned; builds the tracker if none is in memory (reading the store through `db`).
    func learnedPlaces(
        of account: AccountKey, at now: Timestamp, in db: Database
    ) throws -> (places: [(place: LearnedPlace, note: RoutineStore.PlaceNote?)], learning: Bool, days: Int) {
        try ensureTracked(account, historyBefore: now, in: db)
        let notes = try routineStore.placeNotes(of: account, in: db)
        let found = people.withLock { people -> (places: [LearnedPlace], learning: Bool, days: Int)? in
            guard let person = people.byAccount[account] else { return nil }
            let routine = person.tracker.learnedRoutine
            let seconds = Double(now.unixMilliseconds) / 1000
            let today = LocalTime(
                t: seconds, utcOffsetSeconds: person.timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: seconds))).dayNumber
            return (person.tracker.learnedPlaces(limit: settings.maxLearnedPlaces),
                    person.tracker.configuration.learnsRoutine, max(0, routine.daysBefore(today + 1)))
        }
        guard let found else { return ([], false, 0) }
        return (found.places.map { ($0, notes[String($0.key)]) }, found.learning, found.days)
    }

    private func ensureTracked(_ account: AccountKey, historyBefore: Timestamp, in db: Database) throws {
        let tracked = people.withLock { people in
            people.byAccount[account].map { (stale: $0.routineStale, configuration: $0.tracker.configuration, timeZone: $0.timeZone) }
        }
        if let tracked {
            guard tracked.stale else { return }
            var rebuilt = PersonTracker(configuration: tracked.configuration)
            if tracked.configuration.learnsRoutine {
                try learnHistory(of: account, before: historyBefore, timeZone: tracked.timeZone, into: &rebuilt, in: db)
            }
            people.withLock { people in
                guard let person = people.byAccount[account] else { return }
                person.tracker.adoptRoutine(rebuilt.learnedRoutine)
                person.routineStale = false
            }
            return
        }
        let zones = try ZoneStore(db: db).zones(of: account)
        let timeZone = zones.first.flatMap { TimeZone(identifier: $0.timeZone) } ?? TimeZone(secondsFromGMT: 0) ?? .current
        let personal = try routineStore.settings(of: account, maxTuningSteps: settings.falseAlarmMaxTuningSteps, in: db)
        var tuned = personal.falseAlarms.applied(to: trackerConfiguration)
        tuned.learnsRoutine = trackerConfiguration.learnsRoutine && personal.learning
        let built = Double(historyBefore.unixMilliseconds) / 1000
        var tracker = PersonTracker(
            configuration: tuned, zones: zones.map { $0.safeZone(forPersonIn: timeZone.identifier, at: built) })
        let unusual = try routineStore.placeNotes(of: account, in: db).filter { !$0.value.usual }.keys.compactMap { Int64($0) }
        var keptRoutine = false
        if tuned.learnsRoutine {
            if let retired = people.withLock({ $0.retiredRoutines.removeValue(forKey: account) }) {
                tracker.adoptRoutine(retired)
                keptRoutine = true
            } else {
                try learnHistory(of: account, before: historyBefore, timeZone: timeZone, into: &tracker, in: db)
            }
        }
        tracker.markUnusualPlaces(Set(unusual))
        let recalled = try recallRecentFixes(
            of: account, before: historyBefore, timeZone: timeZone, learningNewer: keptRoutine, into: &tracker, in: db)
        let zonesByID = Dictionary(uniqueKeysWithValues: zones.map { ($0.id, $0) })
        let capacity = settings.maxTrackedPeople
        people.withLock { people in
            let person = TrackedPerson(tracker: tracker, zones: zonesByID, timeZone: timeZone)
            person.lastFixMilliseconds = recalled
            people.byAccount.insertUnlessPresent(person, for: account, capacity: capacity)
        }
    }

    /// Brings a tracker just built to where `account`'s stored fixes before `end` left off (at most
    /// `trackerRecallMaxFixes` of the last `trackerRecallMinutes`, one range read): an exit that was
    /// under way is then raised by the next fixes, and one already raised is not raised again, as if
    /// this tracker had judged them all; with `learningNewer` (a routine kept from the dropped
    /// tracker) the routine learns those it had not seen. Returns the time of the newest fix recalled.
    private func recallRecentFixes(
        of account: AccountKey, before end: Timestamp, timeZone: TimeZone, learningNewer: Bool,
        into tracker: inout PersonTracker, in db: Database
    ) throws -> Int64? {
        guard settings.trackerRecallMinutes > 0, settings.trackerRecallMaxFixes > 0 else { return nil }
        let start = end.adding(milliseconds: -Int64(settings.trackerRecallMinutes) * 60_000)
        let fixes = try LocationStore(db: db).recentFixes(
            of: account, from: start, before: end, limit: settings.trackerRecallMaxFixes, onlyReliable: true)
        for stored in fixes {
            tracker.recall(Self.geoFix(stored.observed, in: timeZone), learning: learningNewer)
        }
        return fixes.last?.time.unixMilliseconds
    }

    /// `fix` as the tracker takes it, with the UTC offset of `timeZone` at its time.
    private static func geoFix(_ fix: ObservedFix, in timeZone: TimeZone) -> Fix {
        let seconds = Double(fix.time.unixMilliseconds) / 1000
        return Fix(
            t: seconds, lat: fix.lat, lon: fix.lon, accuracy: fix.accuracyMetres, speed: fix.speedMetresPerSecond,
            utcOffsetSeconds: timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: seconds)))
    }

    /// Feeds `tracker`'s routine the stored history of `account` before `end`: at most
    /// `routineHistoryMaxFixes` fixes of the newest `routineHistoryDays` days that have fixes, one
    /// index seek each (`RoutineStore.learn`).
    private func learnHistory(
        of account: AccountKey, before end: Timestamp, timeZone: TimeZone, into tracker: inout PersonTracker, in db: Database
    ) throws {
        try routineStore.learn(
            historyOf: account, before: end, days: settings.routineHistoryDays, maxAgeDays: settings.routineHistoryMaxAgeDays,
            maxFixes: settings.routineHistoryMaxFixes,
            timeZone: timeZone, into: &tracker, in: db)
    }

    /// The evidence of the zone exits and wandering `events` the tracker just raised, by the cause of
    /// the alert each raises (also what `homeward replay` prints).
    static func evidence(of events: [GeoEvent], in tracker: PersonTracker) -> [String: AlertEvidence] {
        var found: [String: AlertEvidence] = [:]
        for event in events {
            switch event {
            case .leftZone(let id):
                found[AlertCause.outsideZone(id)] = tracker.evidence(ofExitFrom: id).map(AlertEvidence.init)
            case .wanderingStarted:
                found[AlertCause.wandering] = tracker.evidenceOfWandering(farFromHome: false).map(AlertEvidence.init)
            case .farFromHome:
                found[AlertCause.farFromHome] = tracker.evidenceOfWandering(farFromHome: true).map(AlertEvidence.init)
            default:
                break
            }
        }
        return found
    }

    private func react(
        to events: [GeoEvent], at time: Timestamp, location: AlertResource.Location?, evidence: [String: AlertEvidence] = [:],
        zones: [String: ZoneResource], account: AccountKey, in db: Database
    ) throws -> [AppEvent] {
        var changes: [(alert: AlertResource, event: AppEvent)?] = []
        for var action in GeoAlertRule.actions(for: events, location: location, zones: zones) {
            if case .raise(var request) = action {
                request.evidence = evidence[request.cause]
                action = .raise(request)
            }
            changes.append(try alerts.apply(action, for: account, at: time, in: db))
        }
        if let location {
            for case .leftZone(let id) in events {
                guard let zone = zones[id],
                      let request = try unaccompanied.request(leaving: zone, at: time, location: location, of: account, in: db)
                else { continue }
                changes.append(try alerts.raise(request, for: account, at: time, in: db))
            }
        }
        return changes.compactMap { $0?.event }
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
