/// The limits of an import, and how much history the routine is rebuilt from afterwards (the
/// server's own routine settings, so the places counted are the ones it shows).
public struct ImportSettings: Sendable {
    /// Fixes stored per write transaction (and between two progress reports).
    public var batchFixes = 10_000
    /// A fix within this many milliseconds of a stored one, at the same place, is a duplicate.
    public var duplicateWindowMilliseconds: Int64 = 1_000
    /// ... at the same place: within this many metres.
    public var duplicatePlaceMetres = 10.0
    /// Fixes with a horizontal accuracy worse than this are stored but flagged, as ingest does.
    public var poorAccuracyMetres: Double
    /// Days of history the routine is rebuilt from (`--routine-history-days`).
    public var routineHistoryDays: Int
    /// Fixes at most the routine is rebuilt from (`--routine-history-max-fixes`).
    public var routineHistoryMaxFixes: Int
    /// Days older than this do not teach the routine (`--routine-history-max-age-days`).
    public var routineHistoryMaxAgeDays: Int
    /// Learned places counted at most (`--max-learned-places`).
    public var maxLearnedPlaces: Int

    /// Settings taken from the server's `configuration`.
    public init(_ configuration: AppConfiguration) {
        poorAccuracyMetres = configuration.poorAccuracyMetres
        routineHistoryDays = configuration.routineHistoryDays
        routineHistoryMaxFixes = configuration.routineHistoryMaxFixes
        routineHistoryMaxAgeDays = configuration.routineHistoryMaxAgeDays
        maxLearnedPlaces = configuration.maxLearnedPlaces
    }
}
