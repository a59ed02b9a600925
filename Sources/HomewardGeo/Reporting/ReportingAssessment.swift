/// What `ReportingRhythm.assess` concludes at one moment.
public struct ReportingAssessment: Sendable, Equatable {
    /// Fine, quiet or silent.
    public var state: ReportingState
    /// The motion at the last report; nil before the first.
    public var motion: ReportingMotion?
    /// How often the phone usually reports in that motion (the still rhythm when the moving one is
    /// not learned yet, and the other way round); nil until learned.
    public var usualIntervalSeconds: Double?
    /// How long without a sign of life makes it silent.
    public var silentAfterSeconds: Double
    /// How long it has been unheard.
    public var unheardSeconds: Double
    /// When the battery will be empty at its current rate of discharge, if it is falling and that is
    /// within `batteryHorizonSeconds` of the last reading.
    public var batteryEmptyAt: UnixSeconds?
    /// The last battery charge reported, in percent.
    public var batteryPercent: Double?
    /// Silent, and the battery trend says it ran out: the likely reason.
    public var batteryRanOut: Bool
}
