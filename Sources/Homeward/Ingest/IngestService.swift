import HomewardGeo
import HomewardStore

/// Stores batches of location fixes and motion reports durably, flags noise, keeps each account's
/// latest position and quarter-hour motion totals, and feeds fresh fixes to the real-time reactions.
///
/// Samples are validated before the write; one write block (one group commit) then stores them in
/// time order, updates `latest_locations`, and calls every `LocationObserver` with the fixes newer
/// than the account's newest stored fix, so an exit inside an offline batch is seen while a late
/// buffer only fills history. Events are published once the block has committed.
public struct IngestService: Sendable {
    private let database: any DatabaseWriter
    private let clock: any WallClock
    private let events: EventBus
    private let limits: IngestLimits
    private let observers: [any LocationObserver]
    private let locationCounters: OutcomeCounters
    private let motionCounters: OutcomeCounters

    /// Creates the service storing into `database`, refusing noise by `limits`, feeding fresh fixes
    /// to `observers`, publishing the events of a committed batch on `events` and counting outcomes
    /// in `metrics`.
    public init(
        database: any DatabaseWriter, clock: any WallClock, events: EventBus, observers: [any LocationObserver],
        metrics: AppMetrics, limits: IngestLimits
    ) {
        self.database = database
        self.clock = clock
        self.events = events
        self.observers = observers
        self.limits = limits
        locationCounters = OutcomeCounters(kind: "location", metrics: metrics)
        motionCounters = OutcomeCounters(kind: "motion", metrics: metrics)
    }

    /// Validates and stores location `samples` of `caller`; the result lists the refused ones by index.
    public func storeLocations(_ samples: [LocationSample], of caller: Caller) throws -> IngestResult {
        try storeLocations(samples.map { .sample($0) }, of: caller)
    }

    /// Validates and stores motion `samples` of `caller`; the result lists the refused ones by index.
    public func storeMotion(_ samples: [MotionSample], of caller: Caller) throws -> IngestResult {
        try storeMotion(samples.map { .sample($0) }, of: caller)
    }

    func storeLocations(
        _ batch: [DecodedSample<LocationSample>], with activities: [MotionSample] = [], of caller: Caller
    ) throws -> IngestResult {
        let prepared = prepareLocations(batch)
        let (validActivities, refusedActivities): ([MotionSample], [SampleRejection]) =
            activities.map { .sample($0) }.validated(at: prepared.now)
        let written = try database.write { db in
            var written = try write(prepared.valid, of: caller.accountKey, receivedAt: prepared.now, in: db)
            written.motionAccepted = try insertMotion(validActivities, of: caller.accountKey, in: db)
            return written
        }
        countActivities(written, valid: validActivities, refused: refusedActivities)
        return finishLocations(prepared, written, of: caller)
    }

    /// Like `storeLocations(_:of:)`, but returns at once: `completion` gets the result on the
    /// database's finisher thread once the samples are durable, so no thread waits for the commit.
    /// `activities` are what a tracking client reported beside its fixes (Overland's `motion`,
    /// Traccar's `activity`): stored in the same write block and counted as motion, while the result
    /// is the fixes'.
    /// `alsoWriting` runs in the same write block after the samples: what a client sent beside its
    /// fixes (Overland's action, visit and trip features), durable with them.
    func storeLocations(
        _ batch: [DecodedSample<LocationSample>], with activities: [MotionSample] = [], of caller: Caller,
        alsoWriting extra: (@Sendable (Database, Timestamp) throws -> Void)? = nil,
        completion: @escaping @Sendable (Result<IngestResult, any Error>) -> Void
    ) {
        let prepared = prepareLocations(batch)
        let (validActivities, refusedActivities): ([MotionSample], [SampleRejection]) =
            activities.map { .sample($0) }.validated(at: prepared.now)
        let service = self
        database.submitWrite(touching: [caller.accountKey], { db in
            var written = try service.write(prepared.valid, of: caller.accountKey, receivedAt: prepared.now, in: db)
            written.motionAccepted = try service.insertMotion(validActivities, of: caller.accountKey, in: db)
            try extra?(db, prepared.now)
            return written
        }, completion: { outcome in
            completion(outcome.map { written in
                service.countActivities(written, valid: validActivities, refused: refusedActivities)
                return service.finishLocations(prepared, written, of: caller)
            })
        })
    }

    /// Reads what the write blocks of `accounts` will ask for (their latest positions, and what
    /// `observers` keep in the write caches), a statement each, sent together (one round trip on
    /// PostgreSQL): run by a writer across a network before each group (`DatabaseWriter.prepareGroups`).
    public static func readAhead(of accounts: [AccountKey], observers: [any LocationObserver], in db: Database) throws {
        var batch = QueryBatch()
        LocationStore(db: db).readLatest(of: accounts, into: &batch)
        for observer in observers { observer.readAhead(of: accounts, into: &batch, in: db) }
        try db.run(batch)
    }

    /// Counts the activities a tracking client reported beside its fixes as motion.
    private func countActivities(_ written: Written, valid: [MotionSample], refused: [SampleRejection]) {
        count(motionCounters, IngestResult(accepted: written.motionAccepted, duplicates: valid.count - written.motionAccepted, rejected: refused))
    }

    /// A batch after validation, before the write: the valid samples in storage order.
    private struct PreparedLocations: Sendable {
        var now: Timestamp
        var valid: [LocationSample]
        var rejected: [SampleRejection]
    }

    private func prepareLocations(_ batch: [DecodedSample<LocationSample>]) -> PreparedLocations {
        let now = clock.now()
        var (valid, rejected): ([LocationSample], [SampleRejection]) = batch.validated(at: now)
        // Storage order: time, then the id's hash; hashed only when two times tie.
        valid.sort { $0.time != $1.time ? $0.time < $1.time : SampleIdentity.hash(of: $0.id) < SampleIdentity.hash(of: $1.id) }
        return PreparedLocations(now: now, valid: valid, rejected: rejected)
    }

    /// After the commit: counts, publishes the block's events and the new latest position.
    private func finishLocations(_ prepared: PreparedLocations, _ written: Written, of caller: Caller) -> IngestResult {
        var result = IngestResult(rejected: prepared.rejected)
        result.accepted = written.accepted
        result.duplicates = prepared.valid.count - written.accepted
        count(locationCounters, result)
        for event in written.events { events.publish(event) }
        if let latest = written.newLatest {
            let event = LocationEvent(accountID: caller.accountID, location: LocationResource(latest.fix))
            events.publish(AppEvent(kind: .location, subject: caller.accountKey) { event.jsonBytes })
        }
        return result
    }

    func storeMotion(_ batch: [DecodedSample<MotionSample>], of caller: Caller) throws -> IngestResult {
        let now = clock.now()
        let (valid, rejected): ([MotionSample], [SampleRejection]) = batch.validated(at: now)
        var result = IngestResult(rejected: rejected)
        result.accepted = try database.write { db in try insertMotion(valid, of: caller.accountKey, in: db) }
        result.duplicates = valid.count - result.accepted
        count(motionCounters, result)
        return result
    }

    /// Stores motion `samples` of `account` that it does not have yet; returns how many.
    private func insertMotion(_ samples: [MotionSample], of account: AccountKey, in db: Database) throws -> Int {
        let motion = MotionStore(db: db)
        return try samples.reduce(0) { stored, sample in try motion.insert(sample, of: account) ? stored + 1 : stored }
    }

    /// What one write block stored, and what follows from it once committed.
    private struct Written: Sendable {
        var accepted = 0
        var events: [AppEvent] = []
        var newLatest: LatestLocation?
        /// Motion reports stored beside the fixes (`storeLocations(_:with:of:completion:)`).
        var motionAccepted = 0
    }

    /// Runs inside the write block: `samples` are sorted by time.
    private func write(_ samples: [LocationSample], of account: AccountKey, receivedAt now: Timestamp, in db: Database) throws -> Written {
        var written = Written()
        guard let first = samples.first else { return written }
        // No foreign key refuses a fix of an account deleted since the request was authenticated
        // (schema/0020): asked here, in the block that stores it.
        try AccountStore(db: db).requireAccount(account)
        let locations = LocationStore(db: db)
        let previous = try locations.latest(of: account)
        var reference = try referenceFix(before: first.time, of: account, latest: previous, in: db)
        var latest = previous
        var fresh: [ObservedFix] = []
        var late: [ObservedFix] = []
        /// What follows from `fix` (of `sample`) having been stored: counted, fresh or not, the latest position.
        func record(_ fix: StoredLocation, of sample: LocationSample) {
            written.accepted += 1
            if previous.map({ fix.time > $0.newestFixTime }) ?? true {
                var observed = fix.observed
                observed.reportedCrossing = sample.reportedCrossing
                fresh.append(observed)
            } else {
                late.append(fix.observed)
            }
            let newestFixTime = max(latest?.newestFixTime ?? fix.time, fix.time)
            if !fix.flags.contains(.jump), latest.map({ fix.time > $0.fix.time || $0.fix.flags.contains(.jump) }) ?? true {
                latest = LatestLocation(fix: fix, newestFixTime: newestFixTime, receivedAt: now)
            } else {
                latest?.newestFixTime = newestFixTime
            }
        }
        if let fixes = try cleanNewFixes(samples, after: reference, of: account, newest: previous?.newestFixTime, in: db) {
            // The usual offline buffer or live batch: every sample is new and none is a jump, so
            // the rows go in many to a statement.
            try locations.insertNew(fixes, of: account)
            for (fix, sample) in zip(fixes, samples) { record(fix, of: sample) }
        } else {
            var suspects: [StoredLocation]?
            var reanchored = false
            for sample in samples {
                var fix = StoredLocation(sample, flags: flags(of: sample, after: reference))
                var change: (promoted: [StoredLocation], demoted: [StoredLocation]) = ([], [])
                if fix.flags == .jump, let anchor = reference {
                    let loaded = try suspects ?? locations.fixes(
                        of: account, flagged: .jump, after: anchor.time, before: fix.time, limit: JumpReanchoring.maxSuspects)
                    let run = jumpReanchoring.agreeingRun(loaded + [fix])
                    if jumpReanchoring.settles(run) {
                        // The newcomers agree with one another and not with the anchor: they are the truth.
                        fix.flags = []
                        change.promoted = run.dropLast().map { var promoted = $0; promoted.flags = []; return promoted }
                        let anchorRun = jumpReanchoring.anchorRun(
                            try locations.reliableFixes(of: account, atOrBefore: anchor.time, limit: run.count))
                        if anchorRun.count < run.count {
                            change.demoted = anchorRun.map { var demoted = $0; demoted.flags.insert(.jump); return demoted }
                        }
                        suspects = []
                    } else {
                        suspects = run
                    }
                } else if fix.isReliable {
                    suspects = []
                }
                // A fix newer than every one stored is new: where writes are held back (a server
                // database) it is not waited for, and a wrong guess fails the group, which runs again.
                let stored: Bool
                if db.defersWrites, latest.map({ fix.time > $0.newestFixTime }) ?? true {
                    try locations.insertNew(fix, of: account)
                    stored = true
                } else {
                    stored = try locations.insert(fix, of: account)
                }
                guard stored else {
                    // A phone's geofence report built on a fix it already posted (OwnTracks iOS does
                    // so): a duplicate fix, but not a duplicate crossing, so it still reaches the zones.
                    if let crossing = sample.reportedCrossing, previous.map({ fix.time >= $0.newestFixTime }) ?? true {
                        var observed = fix.observed
                        observed.reportedCrossing = crossing
                        fresh.append(observed)
                    }
                    continue
                }
                for changed in change.promoted + change.demoted {
                    try locations.updateFlags(of: changed, of: account)
                    reanchored = true
                    // What the reactions saw of it changes too: a promoted fix reaches them now
                    // (in time order, below), a demoted one is no longer trusted.
                    if let index = fresh.firstIndex(where: { $0.time == changed.time && $0.lat == changed.lat && $0.lon == changed.lon }) {
                        fresh[index].isReliable = changed.isReliable
                    } else if changed.isReliable {
                        fresh.append(changed.observed)
                    }
                }
                if let latestFix = latest?.fix, change.demoted.contains(where: { $0.time == latestFix.time && $0.sampleHash == latestFix.sampleHash }) {
                    latest?.fix.flags.insert(.jump)
                }
                if fix.isReliable { reference = fix }
                record(fix, of: sample)
            }
            if reanchored { fresh.sort { $0.time < $1.time } }
        }
        if let latest, latest != previous {
            try locations.save(latest, of: account)
            if latest.fix != previous?.fix { written.newLatest = latest }
        }
        if !late.isEmpty {
            for observer in observers { try observer.observeLate(late, of: account, in: db) }
        }
        if !fresh.isEmpty {
            for observer in observers {
                written.events += try observer.observe(fresh, of: account, storedUpTo: previous?.newestFixTime, in: db)
            }
        }
        return written
    }

    /// The fixes of `samples` when they can all go in many to a statement: every one new
    /// (`allNew`) and none flagged a jump (re-anchoring looks at stored fixes one at a time); nil
    /// otherwise.
    private func cleanNewFixes(
        _ samples: [LocationSample], after reference: StoredLocation?, of account: AccountKey, newest: Timestamp?, in db: Database
    ) throws -> [StoredLocation]? {
        guard try allNew(samples, of: account, newest: newest, in: db) else { return nil }
        var reference = reference
        var fixes: [StoredLocation] = []
        fixes.reserveCapacity(samples.count)
        for sample in samples {
            let fix = StoredLocation(sample, flags: flags(of: sample, after: reference))
            if fix.flags.contains(.jump) { return nil }
            if fix.isReliable { reference = fix }
            fixes.append(fix)
        }
        return fixes
    }

    /// Whether none of `samples` (in storage order) can be a duplicate: a batch of at least
    /// `bulkInsertMinimum` with no two of the same time and id hash, all newer than the account's
    /// newest stored fix. Smaller batches (a live phone's one fix) are not worth the question. Where
    /// writes are held back, the latest position's `newest` answers it without a read: a wrong guess
    /// fails the inserts, and the group runs again.
    private func allNew(_ samples: [LocationSample], of account: AccountKey, newest: Timestamp?, in db: Database) throws -> Bool {
        guard samples.count >= Self.bulkInsertMinimum, let first = samples.first else { return false }
        // In storage order two samples of one time and hash are neighbours; ids are hashed only
        // when two times tie, as the sort does.
        for (before, next) in zip(samples, samples.dropFirst()) where before.time == next.time {
            if SampleIdentity.hash(of: before.id) == SampleIdentity.hash(of: next.id) { return false }
        }
        let stored = db.defersWrites ? newest : try LocationStore(db: db).newestFixTime(of: account)
        guard let stored else { return true }
        return first.time > stored
    }

    /// Batches from this size on are checked for being all new (`allNew`).
    private static let bulkInsertMinimum = 8

    /// The newest reliable fix of `account` before `time`, against which the batch's first sample is
    /// checked for a jump. The latest position is the newest fix that is not a jump, and reliable
    /// fixes are among those: when it is reliable and older than `time` it is the answer, and the
    /// phone posting in real time (each fix newer than the last) needs no query.
    private func referenceFix(
        before time: Timestamp, of account: AccountKey, latest: LatestLocation?, in db: Database
    ) throws -> StoredLocation? {
        if let latest, latest.fix.isReliable, latest.fix.time < time {
            return latest.fix
        }
        return try LocationStore(db: db).lastReliableFix(of: account, before: time)
    }

    private var jumpReanchoring: JumpReanchoring {
        JumpReanchoring(
            maxPlausibleSpeedMetresPerSecond: limits.maxPlausibleSpeedMetresPerSecond,
            minimumIntervalSeconds: Self.minimumJumpIntervalSeconds)
    }

    /// The flags of `sample` given the previous reliable fix `reference`.
    private func flags(of sample: LocationSample, after reference: StoredLocation?) -> SampleFlags {
        var flags: SampleFlags = sample.clockCorrected ? .clockAhead : []
        if let accuracy = sample.accuracyMetres, accuracy > limits.poorAccuracyMetres {
            flags.insert(.poorAccuracy)
        }
        if let reference {
            let metres = Haversine.distanceMetres(
                from: Coordinate(lat: reference.lat, lon: reference.lon), to: Coordinate(lat: sample.lat, lon: sample.lon))
            let seconds = max(
                Double(sample.time.unixMilliseconds - reference.time.unixMilliseconds) / Double(Timestamp.millisecondsPerSecond),
                Self.minimumJumpIntervalSeconds)
            if metres / seconds > limits.maxPlausibleSpeedMetresPerSecond { flags.insert(.jump) }
        }
        return flags
    }

    /// Fixes closer in time than this are compared as if this far apart, so two fixes in the same
    /// second a few metres apart are not an "infinite speed".
    private static let minimumJumpIntervalSeconds = 1.0

    private func count(_ counters: OutcomeCounters, _ result: IngestResult) {
        counters.accepted.increment(by: result.accepted)
        counters.duplicate.increment(by: result.duplicates)
        counters.rejected.increment(by: result.rejected.count)
    }

    /// `homeward_ingest_samples_total` of one kind, by outcome, looked up once.
    private struct OutcomeCounters: Sendable {
        let accepted: AppMetrics.Counter
        let duplicate: AppMetrics.Counter
        let rejected: AppMetrics.Counter

        init(kind: String, metrics: AppMetrics) {
            let name = "homeward_ingest_samples_total"
            accepted = metrics.counter(name, labels: ["kind": kind, "outcome": "accepted"])
            duplicate = metrics.counter(name, labels: ["kind": kind, "outcome": "duplicate"])
            rejected = metrics.counter(name, labels: ["kind": kind, "outcome": "rejected"])
        }
    }
}
