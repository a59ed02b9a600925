import HomewardGeo

/// `status.reporting` in the guardian views: `{state, motion, usualIntervalSeconds,
/// silentAfterSeconds, batteryPercent, batteryEmptyAt, batteryRanOut}`, how the person's phone is
/// reporting against its own learned rhythm.
public struct ReportingStatus: Sendable, Equatable, Codable {
    /// `fine`, `quiet` (later than usual) or `silent`.
    public var state: ReportingState
    /// `moving` or `still` at the last report; null before the first.
    public var motion: ReportingMotion?
    /// How often the phone usually reports in that motion, in seconds; null until learned.
    public var usualIntervalSeconds: Int?
    /// How long without a sign of life makes it silent, in seconds.
    public var silentAfterSeconds: Int
    /// The last battery charge reported, in percent; null if the phone never said.
    public var batteryPercent: Double?
    /// When the battery will be empty at its current rate of discharge; null unless it is falling
    /// and that is within a day.
    public var batteryEmptyAt: Timestamp?
    /// Silent, and the battery most likely ran out.
    public var batteryRanOut: Bool

    /// The API's form of `assessment`.
    public init(_ assessment: ReportingAssessment) {
        state = assessment.state
        motion = assessment.motion
        usualIntervalSeconds = assessment.usualIntervalSeconds.map { Int($0.rounded()) }
        silentAfterSeconds = Int(assessment.silentAfterSeconds.rounded())
        batteryPercent = assessment.batteryPercent
        batteryEmptyAt = assessment.batteryEmptyAt.map { Timestamp(unixMilliseconds: Int64(($0 * 1000).rounded())) }
        batteryRanOut = assessment.batteryRanOut
    }

    private enum CodingKeys: String, CodingKey {
        case state, motion, usualIntervalSeconds, silentAfterSeconds, batteryPercent, batteryEmptyAt, batteryRanOut
    }

    /// Encodes every field, absent ones as null.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(state, forKey: .state)
        try container.encode(motion, forKey: .motion)
        try container.encode(usualIntervalSeconds, forKey: .usualIntervalSeconds)
        try container.encode(silentAfterSeconds, forKey: .silentAfterSeconds)
        try container.encode(batteryPercent, forKey: .batteryPercent)
        try container.encode(batteryEmptyAt, forKey: .batteryEmptyAt)
        try container.encode(batteryRanOut, forKey: .batteryRanOut)
    }
}
