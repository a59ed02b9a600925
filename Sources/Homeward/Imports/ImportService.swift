import Foundation
import HomewardGeo
import HomewardStore

/// Brings a person's history in from a file. Imported fixes are history: they are stored in
/// batches without passing the location observers (no alert is raised, no tracker judges them),
/// skipped when a fix of the same time (±1 s) and place is stored already, marked with their
/// import so it can be undone, and never move the latest position backwards. Afterwards the
/// person's routine is rebuilt from history.
public struct ImportService: Sendable {
    /// What an import stored, and the places the rebuilt routine knows.
    public struct Summary: Sendable {
        /// The import as stored.
        public var record: ImportRecord
        /// Learned places the person's routine has after the import.
        public var placesLearned: Int
    }

    private let database: any DatabaseWriter
    private let clock: any WallClock
    /// The server's zone observer, whose routine is marked stale; nil for the command line, which
    /// counts the places from a routine of its own.
    private let zoneObserver: ZoneObserver?
    private let settings: ImportSettings

    /// A service writing to `database`.
    public init(database: any DatabaseWriter, clock: any WallClock, zoneObserver: ZoneObserver?, settings: ImportSettings) {
        self.database = database
        self.clock = clock
        self.zoneObserver = zoneObserver
        self.settings = settings
    }

    /// Starts an import for `account`: its record, still running.
    public func begin(account: AccountKey) throws -> ImportRecord {
        let now = clock.now()
        return try database.write { db -> ImportRecord in
            let id = SecureRandom.identifier()
            _ = try ImportStore(db: db).insert(id: id, of: account, at: now)
            return ImportRecord(id: id, state: .running, positions: 0, duplicates: 0, createdAt: now)
        }
    }

    /// The imports of `account`, newest first, at most `limit`.
    public func imports(of account: AccountKey, limit: Int) throws -> [ImportRecord] {
        try database.read { db in try ImportStore(db: db).list(of: account, limit: limit) }
    }

    /// Takes out the fixes of every import left running by a server that stopped without ending it
    /// (state `failed`); returns how many there were.
    public func failInterrupted() throws -> Int {
        let running = try database.read { db in try ImportStore(db: db).running() }
        for (key, account, record) in running {
            _ = try abandon(record, key: key, of: account, as: .failed, problem: "the server stopped during the import; nothing of it was kept")
        }
        return running.count
    }

    /// Starts an import for the account with id `accountID`: its record, still running; nil when
    /// there is no such account.
    public func begin(accountID: String) throws -> ImportRecord? {
        let now = clock.now()
        return try database.write { db -> ImportRecord? in
            guard let account = try AccountStore(db: db).key(ofAccount: accountID) else { return nil }
            let id = SecureRandom.identifier()
            _ = try ImportStore(db: db).insert(id: id, of: account, at: now)
            return ImportRecord(id: id, state: .running, positions: 0, duplicates: 0, createdAt: now)
        }
    }

    /// Reads every fix of `reader` into import `record` (from `begin`), calling `progress` after each
    /// batch; the next batch is read on another thread while one is stored. A bad or cut-off record
    /// stops reading: what came before is kept and the record says where it stopped (state
    /// `stopped`). When `shouldStop` says so between two batches (the import was cancelled), or
    /// storing fails, the fixes stored so far are taken out again (state `cancelled` or `failed`):
    /// the routine only ever learns from an import that ended.
    public func run(
        _ reader: ImportReader, into record: ImportRecord, progress: (ImportRecord) -> Void = { _ in },
        shouldStop: () -> Bool = { false }
    ) throws -> Summary {
        guard let (key, account, _) = try database.read({ db in try ImportStore(db: db).find(id: record.id) }) else {
            throw ImportProblem(at: record.id, expected: "an import begun with begin(accountID:)")
        }
        var record = record
        let batches = ImportBatches(reader, batchFixes: settings.batchFixes)
        defer { batches.cancel() }
        do {
            while let batch = batches.next() {
                if shouldStop() {
                    batches.cancel()
                    return try abandon(record, key: key, of: account, as: .cancelled, problem: nil)
                }
                try store(batch, of: account, importKey: key, into: &record)
                progress(record)
            }
            switch batches.outcome {
            case .finished: break
            case .problem(let problem): record.problem = problem.description
            case .failure(let error): throw error
            }
        } catch {
            batches.cancel()
            _ = try? abandon(record, key: key, of: account, as: .failed, problem: "the import failed: \(error)")
            throw error
        }
        record.state = record.problem == nil ? .done : .stopped
        record.finishedAt = clock.now()
        let finished = record
        let places = try database.write { db -> Int in
            try ImportStore(db: db).update(finished, key: key)
            try advanceLatest(of: account, to: finished, in: db)
            zoneObserver?.historyChanged(of: account, in: db)
            return zoneObserver == nil ? try placesLearned(by: account, in: db) : 0
        }
        return Summary(record: record, placesLearned: try zoneObserver.map { observer in
            try database.read { db in try observer.learnedPlaces(of: account, at: clock.now(), in: db).places.count }
        } ?? places)
    }

    /// Deletes the fixes import `id` stored; returns the import as it stands afterwards, nil when
    /// there is no such import (or `accountKey` is given and it is not that account's). An import
    /// that was cancelled, failed or undone already has none left and is returned as it is.
    public func undo(importID id: String, ofAccount accountKey: AccountKey? = nil) throws -> ImportRecord? {
        guard let (key, account, found) = try database.read({ db in try ImportStore(db: db).find(id: id) }),
              accountKey == nil || accountKey == account else { return nil }
        guard [.done, .stopped].contains(found.state) else { return found }
        return try abandon(found, key: key, of: account, as: .undone, problem: found.problem).record
    }

    /// Takes out every fix import `key` stored, a chunk per background write so that live writes
    /// wait for no long transaction, then records the import in `state` (and the latest position
    /// and routine follow) in an ordinary write, which makes them all durable.
    private func abandon(
        _ record: ImportRecord, key: Int64, of account: AccountKey, as state: ImportState, problem: String?
    ) throws -> Summary {
        var record = record
        if let first = record.first, let last = record.last {
            var from = first.unixMilliseconds
            while true {
                let done = try database.writeInBackground { db -> Bool in
                    let locations = LocationStore(db: db)
                    let end = try locations.importedTime(importKey: key, of: account, from: from, offset: settings.batchFixes)
                    _ = try locations.deleteImported(
                        importKey: key, of: account, from: from, to: (end ?? last.unixMilliseconds + 1) - 1)
                    if let end { from = end }
                    return end == nil
                }
                if done { break }
            }
        }
        let now = clock.now()
        record.state = state
        record.problem = problem
        record.finishedAt = now
        let finished = record
        try database.write { db in
            let locations = LocationStore(db: db)
            if let first = finished.first, let last = finished.last,
               let latest = try locations.latest(of: account), latest.fix.time >= first, latest.fix.time <= last {
                try restoreLatest(of: account, at: now, in: db)
            }
            try ImportStore(db: db).update(finished, key: key)
            zoneObserver?.historyChanged(of: account, in: db)
        }
        return Summary(record: finished, placesLearned: 0)
    }

    /// The import with opaque `id` and whose it is; nil when there is none.
    public func find(importID id: String) throws -> (account: AccountKey, record: ImportRecord)? {
        try database.read { db in try ImportStore(db: db).find(id: id).map { ($0.account, $0.record) } }
    }

    // MARK: Storing a batch

    /// Stores `fixes` (in file order) of `account` as import `importKey`, skipping duplicates, and
    /// writes the import's counts in the same transaction.
    private func store(_ batch: ImportBatches.Batch, of account: AccountKey, importKey: Int64, into record: inout ImportRecord) throws {
        record.format = batch.format
        record.bytesRead = batch.bytesRead
        record.totalBytes = batch.totalBytes
        record.rejections = batch.rejections
        guard !batch.fixes.isEmpty else { return }
        let candidates = batch.fixes.map(storedLocation).sorted { $0.time < $1.time }
        let window = settings.duplicateWindowMilliseconds
        var updated = record
        // In the background: live writes (an SOS) go first, and the next batch is read and stored
        // while this one is synced; the import's last write is an ordinary one, durable when it
        // returns (a server stopped before it fails the import).
        try database.writeInBackground { db in
            let locations = LocationStore(db: db)
            let stored = try locations.positions(
                of: account, from: candidates[0].time.unixMilliseconds - window,
                to: candidates[candidates.count - 1].time.unixMilliseconds + window)
            var kept: [StoredLocation] = []
            kept.reserveCapacity(candidates.count)
            var duplicates = 0
            for fix in candidates {
                if isDuplicate(fix, amongStored: stored) || isDuplicate(fix, amongKept: kept) {
                    duplicates += 1
                } else {
                    kept.append(fix)
                }
            }
            let inserted = try locations.insertImported(kept, importKey: importKey, of: account)
            updated.positions += inserted
            updated.duplicates += duplicates + kept.count - inserted
            if let first = kept.first?.time { updated.first = min(updated.first ?? first, first) }
            if let last = kept.last?.time { updated.last = max(updated.last ?? last, last) }
            // `locations` has no foreign key (schema/0020): an account deleted during its import
            // took the import's row with it, and this batch's fixes must not outlive it.
            guard try ImportStore(db: db).update(updated, key: importKey) else { throw AccountGoneError() }
        }
        record = updated
    }

    private func storedLocation(_ fix: Fix) -> StoredLocation {
        var flags: SampleFlags = []
        if let accuracy = fix.accuracy, accuracy > settings.poorAccuracyMetres { flags.insert(.poorAccuracy) }
        return StoredLocation(
            time: Timestamp(unixMilliseconds: Int64((fix.t * 1000).rounded())), sampleHash: SampleIdentity.absentIDHash,
            lat: fix.lat, lon: fix.lon, accuracyMetres: fix.accuracy, speedMetresPerSecond: fix.speed, flags: flags)
    }

    /// Whether a stored fix (sorted by time) lies within the window and place of `fix`.
    private func isDuplicate(_ fix: StoredLocation, amongStored stored: [(t: Int64, lat: Int64, lon: Int64)]) -> Bool {
        let t = fix.time.unixMilliseconds, window = settings.duplicateWindowMilliseconds
        var low = 0, high = stored.count
        while low < high {
            let middle = (low + high) / 2
            if stored[middle].t < t - window { low = middle + 1 } else { high = middle }
        }
        while low < stored.count, stored[low].t <= t + window {
            if samePlace(fix, lat: Double(stored[low].lat) / 1e7, lon: Double(stored[low].lon) / 1e7) { return true }
            low += 1
        }
        return false
    }

    /// Whether a fix kept from this batch (sorted by time, all at or before `fix`) repeats it.
    private func isDuplicate(_ fix: StoredLocation, amongKept kept: [StoredLocation]) -> Bool {
        let earliest = fix.time.unixMilliseconds - settings.duplicateWindowMilliseconds
        for other in kept.reversed() {
            guard other.time.unixMilliseconds >= earliest else { return false }
            if samePlace(fix, lat: other.lat, lon: other.lon) { return true }
        }
        return false
    }

    private func samePlace(_ fix: StoredLocation, lat: Double, lon: Double) -> Bool {
        let north = (fix.lat - lat) * Self.metresPerDegree
        let east = (fix.lon - lon) * Self.metresPerDegree * cos(fix.lat * .pi / 180)
        return north * north + east * east <= settings.duplicatePlaceMetres * settings.duplicatePlaceMetres
    }

    private static let metresPerDegree = 111_320.0

    // MARK: The latest position and the routine

    /// Moves `account`'s latest position to the newest imported fix when that is newer (never back).
    private func advanceLatest(of account: AccountKey, to record: ImportRecord, in db: Database) throws {
        guard let last = record.last else { return }
        let locations = LocationStore(db: db)
        let latest = try locations.latest(of: account)
        guard latest.map({ $0.fix.time < last && $0.newestFixTime < last }) ?? true,
              let newest = try locations.lastReliableFix(of: account, before: last.adding(milliseconds: 1)),
              newest.time == last else { return }
        try locations.save(LatestLocation(fix: newest, newestFixTime: last, receivedAt: clock.now()), of: account)
    }

    /// After an undo took the latest position away: the newest reliable fix left, or none.
    private func restoreLatest(of account: AccountKey, at now: Timestamp, in db: Database) throws {
        let locations = LocationStore(db: db)
        if let newest = try locations.lastReliableFix(of: account, before: Timestamp(unixMilliseconds: Int64.max)) {
            try locations.save(LatestLocation(fix: newest, newestFixTime: newest.time, receivedAt: now), of: account)
        } else {
            try locations.deleteLatest(of: account)
        }
    }

    /// The places a routine rebuilt from `account`'s history now finds, as the server would rebuild it.
    private func placesLearned(by account: AccountKey, in db: Database) throws -> Int {
        let routine = RoutineStore()
        guard try routine.settings(of: account, maxTuningSteps: 0, in: db).learning else { return 0 }
        let zones = try ZoneStore(db: db).zones(of: account)
        let timeZone = zones.first.flatMap { TimeZone(identifier: $0.timeZone) } ?? TimeZone(secondsFromGMT: 0)!
        var tracker = PersonTracker()
        try routine.learn(
            historyOf: account, before: clock.now(), days: settings.routineHistoryDays, maxAgeDays: settings.routineHistoryMaxAgeDays,
            maxFixes: settings.routineHistoryMaxFixes,
            timeZone: timeZone, into: &tracker, in: db)
        return tracker.learnedPlaces(limit: settings.maxLearnedPlaces).count
    }
}
