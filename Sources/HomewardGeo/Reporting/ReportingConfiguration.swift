/// The thresholds of `ReportingRhythm`, each with its unit in its name.
public struct ReportingConfiguration: Sendable, Equatable, Codable {
    /// The newest gaps between reports remembered per motion state.
    public var rememberedGaps = 48
    /// Gaps of a motion state needed before its rhythm counts as learned.
    public var minimumGaps = 6
    /// Which quantile of the remembered gaps is the usual interval (0.9: nine reports in ten come sooner).
    public var usualQuantile = 0.9
    /// A phone unheard for longer than its usual interval times this is `quiet`.
    public var quietFactor = 1.5
    /// A phone unheard for longer than its usual interval while still times this, plus
    /// `silentGraceSeconds`, is `silent` (within the bounds below).
    public var silentFactor = 2.0
    /// Added to the learned silence limit, so a phone that reports every minute is not silent after
    /// three; also the least silence before a phone whose battery ran out is called silent.
    public var silentGraceSeconds = 300.0
    /// The silence limit before the still rhythm is learned, and the least it can be once learned.
    public var silentMinimumSeconds = 1_800.0
    /// The most the learned silence limit can be, however quiet the phone usually stays while still.
    /// A gap longer than this is an outage, not rhythm, and is not learned.
    public var silentMaximumSeconds = 12 * 3_600.0
    /// A fix whose own speed reaches this means moving.
    public var movingSpeedMetresPerSecond = 1.0
    /// A fix this far (or twice its accuracy, if more) from where the phone last moved means moving.
    public var movedMetres = 50.0
    /// A fix further from where the phone last moved than this times the two fixes' accuracies
    /// (summed) means moving: closer, it may be the same place seen twice.
    public var jitterFactor = 1.5
    /// No movement for this long means still.
    public var stillAfterSeconds = 180.0
    /// Battery readings remembered in the current discharge.
    public var batteryReadings = 32
    /// The battery trend is read over the readings of this last stretch of the discharge.
    public var batteryWindowSeconds = 3 * 3_600.0
    /// A reading's weight in the trend halves with every this many seconds of age.
    public var batteryHalfLifeSeconds = 45 * 60.0
    /// A trend needs readings spanning at least this long.
    public var batteryMinimumSpanSeconds = 15 * 60.0
    /// A trend needs the charge to have fallen by at least this many percent.
    public var batteryMinimumDropPercent = 2.0
    /// A rise of this many percent means charging: the discharge starts again.
    public var batteryChargingRisePercent = 2.0
    /// An estimated empty time further ahead than this is not reported.
    public var batteryHorizonSeconds = 24 * 3_600.0
    /// A gap that began at this charge or below ended a dead phone's silence, not its rhythm: not learned.
    public var batteryDeadPercent = 3.0

    /// The defaults.
    public init() {}
}
