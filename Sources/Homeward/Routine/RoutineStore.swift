import Foundation
import HomewardGeo
import HomewardStore

/// The routine's rows: the person's stored history read for a rebuild, learning on or off, the
/// false alarms marked, and the notes on learned places (schema/0013_routine.sql).
public struct RoutineStore: Sendable {
    /// What is stored about one person's routine.
    public struct Settings: Sendable, Equatable {
        /// Whether the routine is learned.
        public var learning = true
        /// The false alarms marked, by kind.
        public var falseAlarms = FalseAlarmTuning()
    }

    /// A guardian's note on a learned place.
    public struct PlaceNote: Sendable, Equatable {
        /// The name given, if any.
        public var name: String?
        /// False: being there is never on the routine.
        public var usual = true
    }

    /// The kinds of false alarm counted.
    public enum FalseAlarmKind: String, Sendable {
        case zoneExit = "false_zone_exits"
        case wandering = "false_wandering"
        case farFromHome = "false_far_from_home"

        /// The kind of an alert of `type` raised for `cause`; nil for alerts the geo rules did not raise.
        init?(cause: String, type: AlertType) {
            switch type {
            case .leftZone: self = .zoneExit
            case .wandering: self = cause == AlertCause.farFromHome ? .farFromHome : .wandering
            default: return nil
            }
        }
    }

    /// Creates the store.
    public init() {}

    /// The settings of `account` (the defaults when none were stored).
    public func settings(of account: AccountKey, maxTuningSteps: Int, in db: Database) throws -> Settings {
        try db.fetchOne(
            "SELECT learning, false_zone_exits, false_wandering, false_far_from_home FROM routine_settings WHERE account_key = ?",
            [account]
        ) { row in
            Settings(
                learning: try row.value(named: "learning"),
                falseAlarms: FalseAlarmTuning(
                    zoneExits: try row.value(named: "false_zone_exits"), wandering: try row.value(named: "false_wandering"),
                    farFromHome: try row.value(named: "false_far_from_home"),
                    maxSteps: maxTuningSteps))
        } ?? Settings(falseAlarms: FalseAlarmTuning(maxSteps: maxTuningSteps))
    }

    /// Switches learning on or off for `account`.
    public func setLearning(_ learning: Bool, for account: AccountKey, at time: Timestamp, in db: Database) throws {
        try db.execute(
            """
            INSERT INTO routine_settings (account_key, learning, updated_at_ms) VALUES (?, ?, ?)
            ON CONFLICT (account_key) DO UPDATE SET learning = excluded.learning, updated_at_ms = excluded.updated_at_ms
            """,
            account, learning, time.unixMilliseconds)
    }

    /// Counts one more false alarm of `kind` for `account`.
    public func countFalseAlarm(_ kind: FalseAlarmKind, for account: AccountKey, at time: Timestamp, in db: Database) throws {
        try db.execute(
            """
            INSERT INTO routine_settings (account_key, \(kind.rawValue), updated_at_ms) VALUES (?, 1, ?)
            ON CONFLICT (account_key) DO UPDATE SET \(kind.rawValue) = routine_settings.\(kind.rawValue) + 1, updated_at_ms = excluded.updated_at_ms
            """,
            account, time.unixMilliseconds)
    }

    /// The notes on `account`'s places, by place id.
    public func placeNotes(of account: AccountKey, in db: Database) throws -> [String: PlaceNote] {
        let rows = try db.fetchAll("SELECT place_id, name, usual FROM learned_places WHERE account_key = ?", [account]) { row in
            (try row.value(named: "place_id") as String, PlaceNote(name: try row.value(named: "name"), usual: try row.value(named: "usual")))
        }
        return Dictionary(rows, uniquingKeysWith: { first, _ in first })
    }

    /// Stores `note` on place `placeID` of `account`.
    public func setNote(_ note: PlaceNote, onPlace placeID: String, of account: AccountKey, at time: Timestamp, in db: Database) throws {
        try db.execute(
            """
            INSERT INTO learned_places (account_key, place_id, name, usual, updated_at_ms) VALUES (?, ?, ?, ?, ?)
            ON CONFLICT (account_key, place_id) DO UPDATE SET
                name = excluded.name, usual = excluded.usual, updated_at_ms = excluded.updated_at_ms
            """,
            account, placeID, note.name, note.usual, time.unixMilliseconds)
    }

    /// The stored fixes of `account` before `end` that the routine learns from: not flagged, at most
    /// `maxAccuracyMetres` inaccurate, at least a minute apart, taken at `notBefore` or later,
    /// those of the newest `days` local days (in `timeZone`) that have any, at most the newest
    /// `maxFixes`, oldest first. Days without fixes do not count, however long the gap: a person's
    /// newest days are read whether a phone posted them last week or an import brought them from
    /// months ago (up to `notBefore`). Read in pages, newest first,
    /// at most `historyRowsPerKeptFix` rows for each fix it may keep, so the work is bounded by
    /// `maxFixes` whatever the history holds.
    public func history(
        of account: AccountKey, before end: Timestamp, notBefore: Timestamp? = nil, days: Int, timeZone: TimeZone, maxFixes: Int,
        maxAccuracyMetres: Double, in db: Database
    ) throws -> [(t: Timestamp, lat: Double, lon: Double, accuracy: Double?)] {
        var fixes: [(t: Timestamp, lat: Double, lon: Double, accuracy: Double?)] = []
        var cursor = end.unixMilliseconds
        let maxAccuracy = Int64((maxAccuracyMetres * 10).rounded(.down))
        var day: Int?, daysRead = 0
        var lastKept: Int64?
        var rowsRead = 0
        pages: while fixes.count < maxFixes, rowsRead < maxFixes * Self.historyRowsPerKeptFix {
            let page = try db.fetchAll(
                Self.historyPageSQL, [account, cursor, notBefore?.unixMilliseconds ?? Int64.min, maxAccuracy, Self.historyPageRows]
            ) { row in
                (t: Timestamp(unixMilliseconds: try row.value(named: "t_ms")),
                 lat: Double(try row.value(named: "lat_e7") as Int64) / 1e7, lon: Double(try row.value(named: "lon_e7") as Int64) / 1e7,
                 accuracy: (try row.value(named: "accuracy_dm") as Int64?).map { Double($0) / 10 })
            }
            rowsRead += page.count
            for fix in page {
                cursor = fix.t.unixMilliseconds
                if let kept = lastKept, kept - fix.t.unixMilliseconds < Self.historyStepMilliseconds { continue }
                let seconds = Double(fix.t.unixMilliseconds) / 1000
                let local = LocalTime(t: seconds, utcOffsetSeconds: timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: seconds))).dayNumber
                if local != day {
                    daysRead += 1
                    guard daysRead <= days else { break pages }
                    day = local
                }
                fixes.append(fix)
                lastKept = fix.t.unixMilliseconds
                guard fixes.count < maxFixes else { break pages }
            }
            guard page.count == Self.historyPageRows else { break }
        }
        return fixes.reversed()
    }

    /// Feeds `tracker`'s routine the stored history of `account` before `end`: the fixes of the
    /// newest `days` days that have any within `maxAgeDays` before `end` (at most `maxFixes`, see
    /// `history`), read in `timeZone`. An import therefore teaches the routine at once: a person with
    /// two days of live fixes and an export of last month is learned from those two days and the
    /// newest imported days before them, which count as the live ones do (they are the person's own
    /// days). Recent days come first: older history only fills the days the newer leaves, and a
    /// person's live days push the imported ones out as they come. Days older than `maxAgeDays`
    /// teach nothing: an export that stopped years ago may show a home the person left, and the
    /// routine it taught would be trusted at once.
    public func learn(
        historyOf account: AccountKey, before end: Timestamp, days: Int, maxAgeDays: Int, maxFixes: Int, timeZone: TimeZone,
        into tracker: inout PersonTracker, in db: Database
    ) throws {
        for fix in try history(
            of: account, before: end, notBefore: end.adding(milliseconds: -Int64(maxAgeDays) * 86_400_000), days: days,
            timeZone: timeZone, maxFixes: maxFixes,
            maxAccuracyMetres: tracker.configuration.maxAccuracyMetres, in: db) {
            let seconds = Double(fix.t.unixMilliseconds) / 1000
            tracker.learnRoutine(from: Fix(
                t: seconds, lat: fix.lat, lon: fix.lon, accuracy: fix.accuracy,
                utcOffsetSeconds: timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: seconds))))
        }
    }

    /// A page of learnable fixes before a time, newest first: one index range scan, a round trip per
    /// `historyPageRows` rows (one seek a kept fix was a round trip each on PostgreSQL: a rebuild of
    /// 20,000 fixes took seconds).
    private static let historyPageSQL = """
        SELECT t_ms, lat_e7, lon_e7, accuracy_dm FROM locations
        WHERE account_key = ? AND t_ms < ? AND t_ms >= ? AND flags = 0 AND (accuracy_dm IS NULL OR accuracy_dm <= ?)
        ORDER BY t_ms DESC LIMIT ?
        """

    /// Rows a history page reads.
    static let historyPageRows = 2_000

    /// The history read for a rebuild reads at most this many rows for each fix it may keep (a phone
    /// logging every second keeps one in 60), so its work stays bounded whatever the history holds.
    static let historyRowsPerKeptFix = 120

    /// The history read for a rebuild holds at most one fix in this many milliseconds.
    static let historyStepMilliseconds: Int64 = 60_000
}
