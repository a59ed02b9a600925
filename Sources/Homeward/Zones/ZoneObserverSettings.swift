/// What the zone observer is held to: how many trackers stay in memory (`maxTrackedPeople`), how
/// much history rebuilds a routine (`routineHistoryDays`, `routineHistoryMaxFixes`,
/// `routineHistoryMaxAgeDays`), how many recent
/// fixes a rebuilt tracker recalls (`trackerRecallMinutes`, `trackerRecallMaxFixes`), how many learned
/// places it lists (`maxLearnedPlaces`), how far false alarms tune (`falseAlarmMaxTuningSteps`), when
/// a guardian's fix still counts as near (`unaccompaniedGuardianFixMaxAgeSeconds`); `AppConfiguration`
/// documents each.
public struct ZoneObserverSettings: Sendable {
    /// People whose trackers are kept in memory at most.
    public var maxTrackedPeople: Int
    /// How far back stored history is read to rebuild a routine.
    public var routineHistoryDays: Int
    /// At most this many stored fixes are read for that rebuild.
    public var routineHistoryMaxFixes: Int
    /// Days older than this before the rebuild are not read for it.
    public var routineHistoryMaxAgeDays = 365
    /// A tracker built again (after a restart, an eviction, a zone edit, or on a node that did not see
    /// the person's last fixes) recalls their stored fixes of this many minutes before the next one.
    public var trackerRecallMinutes: Int
    /// At most this many of them, the newest.
    public var trackerRecallMaxFixes: Int
    /// Most learned places listed.
    public var maxLearnedPlaces: Int
    /// Steps at most by which false alarms of one kind tune a person's thresholds.
    public var falseAlarmMaxTuningSteps: Int
    /// How old a guardian's fix may be and still show the guardian near (`unaccompanied`).
    public var unaccompaniedGuardianFixMaxAgeSeconds: Int
    /// Whether other nodes judge the same people (several nodes on one PostgreSQL database): then a
    /// tracker that missed fixes another node stored is rebuilt before it judges the next ones.
    public var sharesPeopleWithOtherNodes = false
}
