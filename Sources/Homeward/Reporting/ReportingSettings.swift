/// What the reporting observer is held to: the bounds of the silence that raises `silent`
/// (`silentAfterSeconds`, `silentMaxAfterSeconds`), how much history rebuilds a rhythm
/// (`reportingHistoryHours`, `reportingHistoryMaxFixes`) and how many rhythms stay in memory
/// (`maxTrackedPeople`); `AppConfiguration` documents each.
public struct ReportingSettings: Sendable {
    /// The least silence that raises `silent`, and all of it until a rhythm is learned.
    public var silentAfterSeconds: Int
    /// The most a learned rhythm can stretch that silence.
    public var silentMaxAfterSeconds: Int
    /// How far back stored fixes are read to rebuild a rhythm.
    public var historyHours: Int
    /// At most this many of those fixes, the newest.
    public var historyMaxFixes: Int
    /// Phones whose rhythms are kept in memory at most.
    public var maxTrackedPeople: Int
}
