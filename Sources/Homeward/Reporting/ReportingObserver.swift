import HomewardGeo
import HomewardStore
import Synchronization

/// Learns how often each person's phone reports (`ReportingRhythm`: its gaps while still and while
/// moving, and its battery trend) from the fresh fixes ingest hands every observer, and tells the
/// `silent` check and the guardian views whether the phone is fine, quiet or silent.
///
/// Rhythms live in memory (at most `ReportingSettings.maxTrackedPeople`, the least recently used
/// dropped first) and are rebuilt on demand from the person's stored fixes: the newest
/// `historyMaxFixes` of the last `historyHours`. A rhythm changed by a write that rolls back is put back.
public final class ReportingObserver: LocationObserver {
    /// A class, so the rhythm is changed in place in the dictionary.
    private final class Learned {
        var rhythm: ReportingRhythm

        init(rhythm: ReportingRhythm) {
            self.rhythm = rhythm
        }
    }

    private struct Phones {
        var byAccount = RecentlyUsedTable<AccountKey, Learned>()
    }

    private let settings: ReportingSettings
    private let phones = Mutex(Phones())

    /// Creates the observer with `settings`' silence bounds and limits.
    public init(settings: ReportingSettings) {
        self.settings = settings
    }

    /// Learns from `fixes`; raises nothing (the periodic check does).
    public func observe(_ fixes: [ObservedFix], of account: AccountKey, in db: Database) throws -> [AppEvent] {
        guard let first = fixes.first else { return [] }
        try ensureLearned(account, before: first.time, in: db)
        let before = phones.withLock { phones -> (person: ObjectIdentifier, rhythm: ReportingRhythm)? in
            guard let learned = phones.byAccount.use(account) else { return nil }
            let before = (ObjectIdentifier(learned), learned.rhythm)
            for fix in fixes { learned.rhythm.record(Self.report(fix)) }
            return before
        }
        if let before {
            db.onRollback { [self] in
                phones.withLock { phones in
                    guard let learned = phones.byAccount[account], ObjectIdentifier(learned) == before.person else { return }
                    learned.rhythm = before.rhythm
                }
            }
        }
        return []
    }

    /// Whether the phone of `account` is fine, quiet or silent at `now`, its last sign of life (a
    /// request of any kind) having been at `heardAt`; rebuilds its rhythm through `db` if needed.
    public func assessment(
        of account: AccountKey, heardAt: Timestamp?, at now: Timestamp, in db: Database
    ) throws -> ReportingAssessment {
        try ensureLearned(account, before: now.adding(milliseconds: 1), in: db)
        let rhythm = phones.withLock { $0.byAccount[account]?.rhythm } ?? ReportingRhythm(configuration: rhythmConfiguration)
        return rhythm.assess(now: Self.seconds(now), heardAt: heardAt.map(Self.seconds))
    }

    /// How many phones have a rhythm in memory.
    public var learnedCount: Int { phones.withLock { $0.byAccount.count } }

    private var rhythmConfiguration: ReportingConfiguration {
        var rhythm = ReportingConfiguration()
        rhythm.silentMinimumSeconds = Double(settings.silentAfterSeconds)
        rhythm.silentMaximumSeconds = Double(max(settings.silentAfterSeconds, settings.silentMaxAfterSeconds))
        return rhythm
    }

    private func ensureLearned(_ account: AccountKey, before: Timestamp, in db: Database) throws {
        guard !phones.withLock({ $0.byAccount[account] != nil }) else { return }
        var rhythm = ReportingRhythm(configuration: rhythmConfiguration)
        let from = before.adding(milliseconds: -Int64(settings.historyHours) * 3_600_000)
        for fix in try LocationStore(db: db).recentFixes(
            of: account, from: from, before: before, limit: settings.historyMaxFixes) {
            rhythm.record(Self.report(fix.observed))
        }
        phones.withLock { $0.byAccount.insertUnlessPresent(Learned(rhythm: rhythm), for: account, capacity: settings.maxTrackedPeople) }
    }

    private static func report(_ fix: ObservedFix) -> ReportingRhythm.Report {
        ReportingRhythm.Report(
            t: seconds(fix.time), coordinate: Coordinate(lat: fix.lat, lon: fix.lon), accuracyMetres: fix.accuracyMetres,
            speedMetresPerSecond: fix.speedMetresPerSecond, batteryPercent: fix.batteryPercent, isReliable: fix.isReliable)
    }

    private static func seconds(_ time: Timestamp) -> UnixSeconds { Double(time.unixMilliseconds) / 1000 }
}

extension ReportingObserver: AccountMemory {
    /// Drops the account's rhythm.
    public func forget(_ account: AccountKey) {
        _ = phones.withLock { $0.byAccount.removeValue(forKey: account) }
    }
}
