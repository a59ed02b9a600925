/// Every threshold the per-person tracker uses, with its unit in its name.
public struct TrackerConfiguration: Sendable, Equatable, Codable {
    // MARK: Signal
    /// Fixes less accurate than this are dropped.
    public var maxAccuracyMetres = 100.0
    /// Accuracy assumed for fixes that report none.
    public var assumedAccuracyMetres = 30.0
    /// A fix implying a faster move from the last good fix (after allowing for both accuracies) is a jump.
    public var maxSpeedMetresPerSecond = 70.0
    /// A fix farther from the smoothed position than this many standard deviations (position and fix) ...
    public var outlierGateSigmas = 4.0
    /// ... and farther than the smoothed speed times the time since the last fix times this factor ...
    public var outlierGateSpeedFactor = 2.5
    /// ... plus this slack is an outlier.
    public var outlierGateSlackMetres = 50.0
    /// After this many consecutive jump rejections the tracker trusts the new place (the old one was wrong).
    public var jumpRejectionsBeforeReanchor = 3
    /// A fix this long after the last one used (a sparse phone's) is no outlier when it lies within
    /// the gate of that fix, however far the smoothed estimate trails (it trails a walker), and meets
    /// an exit's near-line wait when the wait ends within half that interval of it. A fix this long
    /// after one just past the line (within its accuracy), come from inside by
    /// `exitRestingTravelMetres` or more, makes that one the first fix of the exit's evidence.
    public var sparseFixSeconds = 15.0
    /// A fix beyond the gate that carries on from the fix refused just before it, farther from the last
    /// good fix by at least this much ...
    public var departureMinProgressMetres = 30.0
    /// ... and on much the same heading (the cosine of the angle between the two steps, at least this)
    /// is a departure: a vehicle setting off from a stay between two fixes of a sparse phone. Both are
    /// trusted at once instead of after `jumpRejectionsBeforeReanchor` refusals. Zero progress turns it off.
    public var departureMinHeadingCosine = 0.5
    /// A silence longer than this starts a new track segment (the shape window restarts).
    public var gapSeconds = 300.0
    /// How fast the smoothed position may drift (process noise of the position filter), in m²/s.
    public var positionProcessNoiseSquareMetresPerSecond = 3.0
    /// The position filter also lets the estimate drift by speed² times this, so vehicles do not lag.
    public var speedProcessNoiseSeconds = 1.0
    /// Time constant of the exponentially weighted speed average.
    public var speedSmoothingSeconds = 20.0
    /// Implied speed is measured over at least this long, so jitter does not read as motion.
    public var speedBaselineSeconds = 30.0

    // MARK: Motion
    /// Smoothed speed at or above which the person is moving.
    public var movingSpeedMetresPerSecond = 0.6
    /// Smoothed speed below which the person may be stationary.
    public var stationarySpeedMetresPerSecond = 0.3
    /// How long the speed must stay low before the person is stationary.
    public var stationaryConfirmSeconds = 60.0
    /// A stay point is a place the person stays within this radius of ...
    public var stayRadiusMetres = 100.0
    /// ... for at least this long.
    public var stayMinimumSeconds = 300.0

    // MARK: Zones
    /// Far from home, once reported, ends only this much nearer than `farFromHomeMetres`.
    public var farFromHomeHysteresisMetres = 20.0
    /// A fix counts towards an exit when it is outside by more than its accuracy plus this margin ...
    public var exitEvidenceMarginMetres = 10.0
    /// ... and no less accurate than this.
    public var exitMaxAccuracyMetres = 60.0
    /// Each such fix adds the seconds since the fix before (at most this many) ...
    public var exitEvidenceMaxStepSeconds = 30.0
    /// ... times how far beyond it is in units of this many metres ...
    public var exitEvidenceScaleMetres = 50.0
    /// ... (at most this weight); an exit needs this much evidence ...
    public var exitEvidenceMaxWeight = 3.0
    /// ... in all (a walker leaving collects it in about 45 s with 30 m accuracy) ...
    public var exitEvidenceRequiredSeconds = 8.0
    /// ... from at least this many consecutive fixes outside ...
    public var exitConfirmFixes = 2
    /// ... spread over at least this long.
    public var exitConfirmSeconds = 20.0
    /// When the first fix outside came from a fix inside faster than this (over at least
    /// `exitJumpMinimumSeconds`; multipath moves a resting phone in one step, a walker does not) ...
    public var exitJumpSpeedMetresPerSecond = 3.0
    /// ... (the time over which that speed is measured, at least) ...
    public var exitJumpMinimumSeconds = 10.0
    /// ... the fixes outside must also carry on away from the line by this much (a car does at once),
    /// and by `exitRestingTravelMetres` when the person was stationary before the first of them ...
    public var exitJumpTravelMetres = 90.0
    /// ... (a walker setting off from a rest beside the line covers it in half a minute) ...
    public var exitRestingTravelMetres = 40.0
    /// ... or, without such travel, last this long.
    public var exitHoldSeconds = 180.0
    /// A fix beyond the line by less than this (past its accuracy and the margin) decides an exit
    /// only after the evidence has lasted `exitNearWaitSeconds` times how much nearer it is (all of
    /// it at the line, none from here on) ...
    public var exitClearBeyondMetres = 250.0
    /// ... (the longest such wait) ...
    public var exitNearWaitSeconds = 55.0
    /// ... and, until `exitHoldSeconds`, only while it carries on away from the line by at least
    /// this much (negative: heading back by at most this much) ...
    public var exitMinProgressMetres = 20.0
    /// Farther than `exitClearBeyondMetres`, an exit still waits (until `exitHoldSeconds`) while the
    /// person comes back towards the line by at least this much over `exitProgressLookbackSeconds`.
    public var exitApproachMetres = 50.0
    /// ... since a fix about this long before.
    public var exitProgressLookbackSeconds = 30.0
    /// Near the line, a run outside carrying on away more slowly than this (its progress since the
    /// fix `exitProgressLookbackSeconds` before: slower than a walker heading off, as drifting fixes
    /// or someone pottering at the far end of the garden move) ...
    public var exitSlowAwayMetresPerSecond = 0.9
    /// ... waits this many times as long as `exitNearWaitSeconds` asks.
    public var exitSlowWaitFactor = 1.5
    /// A run outside with a step away from or towards the line faster than this (over at least
    /// `exitFastStepMinimumSeconds`) waits until `exitHoldSeconds`: nobody leaves home at 72 km/h
    /// within a few hundred metres of the door (a car setting off averages half that over its first
    /// kilometre), but an urban-canyon burst carries a phone out and back that fast, and the burst
    /// is over within the hold.
    public var exitImplausibleSpeedMetresPerSecond = 20.0
    /// ... (the time over which that speed is measured, at least: closer fixes' noise is not speed).
    public var exitFastStepMinimumSeconds = 5.0
    /// After this long without a fix, one fix outside by `exitAfterSilenceBeyondMetres` (past its
    /// accuracy and the margin) decides an exit alone: the phone woke up far away (a logger paused
    /// indoors for a few minutes is common, so the silence is long) ...
    public var exitAfterSilenceSeconds = 600.0
    /// ... (that far beyond the line: farther than a phone's first fix after a silence is ever off).
    public var exitAfterSilenceBeyondMetres = 1_000.0
    /// An entry needs the fix inside by at least this much.
    public var entryMarginMetres = 0.0
    /// An entry needs this many consecutive fixes inside.
    public var entryConfirmFixes = 2
    /// Local time at which night starts (for night-time departures from home), seconds after midnight.
    public var nightStartSecondOfDay = 22.0 * 3_600
    /// Local time at which night ends, seconds after midnight.
    public var nightEndSecondOfDay = 6.0 * 3_600
    /// A departure from home at night weighs on far-from-home until this long after the night ends;
    /// later that day it is a day out (the departure itself was raised when it happened).
    public var nightDepartureAfterNightSeconds = 2.0 * 3_600

    // MARK: Wandering
    /// Farther than this from home (and outside every zone) counts as far from home; nil turns it off.
    public var farFromHomeMetres: Double? = 800
    /// Outside every safe zone for longer than this counts as far from home; nil turns it off.
    public var maxSecondsOutsideZones: Double? = nil
    /// Far from home must hold this long before it is reported ...
    public var farFromHomeConfirmSeconds = 300.0
    /// ... and the clock restarts while the person moves faster than this (riding in a vehicle).
    public var farFromHomeMaxSpeedMetresPerSecond = 3.5
    /// Fixes less accurate than this do not shape the path (indoor fixes scatter into false shapes).
    public var shapeMaxAccuracyMetres = 35.0
    /// The recent path is resampled to one point per this many metres of movement.
    public var pathStepMetres = 10.0
    /// Number of resampled points kept (the shape window is this many steps long).
    public var pathWindowPoints = 48
    /// The shape is classified once the window holds at least this many points ...
    public var classifyMinimumPoints = 32
    /// ... and again after every this many new points ...
    public var classifyEveryPoints = 4
    /// ... while the window was walked at least this fast on average (slower is jitter around a place).
    public var classifyMinPathSpeedMetresPerSecond = 0.25
    /// ... and at most this fast (a cyclist's or a driver's turns in town are not wandering on foot).
    public var classifyMaxPathSpeedMetresPerSecond = 1.6
    /// A path that has not grown by a step for this long starts afresh.
    public var pathIdleResetSeconds = 180.0
    /// The path grown over this long gives the path speed that also counts as moving.
    public var pathSpeedWindowSeconds = 60.0
    /// A person the motion state calls stationary still shapes the path while it grew at least
    /// `shapeWalkingPathSpeedMetresPerSecond` over this long (a slow, meandering walker's smoothed
    /// speed hovers below the moving threshold; a resting phone's smoothed position rarely makes a
    /// whole step) ...
    public var shapeWalkingWindowSeconds = 180.0
    /// ... this fast, in metres of resampled path per second ...
    public var shapeWalkingPathSpeedMetresPerSecond = 0.2
    /// ... but such a slow path is not judged while this fraction of it or more revisits its own
    /// places (drift round a resting phone comes back to the same spots; a slow walker does not).
    public var slowWalkMaxRevisitFraction = 0.3
    /// The fixes of this long (every accuracy) are weighed for noise (`ScatterGate`) ...
    public var noiseWindowSeconds = 300.0
    /// ... at least this many of them ...
    public var noiseMinimumFixes = 6
    /// ... and their scatter is noise, not movement, when its root mean square is at most this many
    /// times their root mean square accuracy (a reported accuracy is a 68% radius) ...
    public var noiseScatterFactor = 2.0
    /// ... that accuracy being at least this poor (accurate fixes drawing small laps are movement).
    public var noiseMinAccuracyMetres = 25.0
    /// Turning is measured between chords spanning this many resampled steps, so jitter does not read as turns.
    public var turningChordSteps = 2
    /// Two resampled points closer than this are the same place (for revisits).
    public var revisitRadiusMetres = 12.0
    /// A revisit only counts when at least this many steps lie between the two visits.
    public var revisitMinimumSeparationSteps = 6
    /// Pacing and lapping need at least this fraction of points to be revisits.
    public var repetitionMinRevisitFraction = 0.3
    /// Straightness (displacement / path length) at or above which movement is direct travel.
    public var directMinStraightness = 0.6
    /// Pacing: the path's minor-to-major spread ratio at most this ...
    public var pacingMaxElongation = 0.5
    /// ... with at least this many reversals along the main axis ...
    public var pacingMinReversals = 3
    /// ... or, with at least this many reversals ...
    public var pacingManyReversals = 8
    /// ... a spread ratio of at most this; either way ...
    public var pacingManyReversalsMaxElongation = 0.6
    /// ... or at least this many reversals (a short corridor walked back and forth for minutes, its
    /// width blurred by GPS noise to most of its length) ...
    public var pacingVeryManyReversals = 12
    /// ... on an axis this thin at most, turning no more consistently one way than lapping does.
    public var pacingVeryManyReversalsMaxElongation = 0.85
    /// ... over a main axis at least this long.
    public var pacingMinExtentMetres = 15.0
    /// Lapping: net turning of at least this many full turns ...
    public var lappingMinTurns = 1.25
    /// ... turning consistently one way (net turning / total turning at least this).
    public var lappingMinTurnConsistency = 0.5
    /// Laps counted: the last `lapWindowPoints` resampled points (longer than the shape window, so
    /// that two laps of a 400 m circuit fit) ...
    public var lapWindowPoints = 96
    /// ... looking at its tails from this many points on (a small circle's smoothed path is short) ...
    public var lapMinimumPoints = 20
    /// ... turning this many full turns net or more ...
    public var lappingClearTurns = 1.4
    /// ... this consistently one way ...
    public var lappingClearTurnConsistency = 0.85
    /// ... within this spread (a 400 m circuit is 127 m across; a walk round a town block is wider) ...
    public var lappingClearMaxExtentMetres = 160.0
    /// ... round, not thin (a corridor paced between sparse fixes smooths into a thin loop turning
    /// one way: its minor-to-major spread ratio stays below this) ...
    public var lappingClearMinElongation = 0.5
    /// ... round a centre at a steady distance (their distances from the centroid varying by at most
    /// this fraction of the mean: a circle or a block's circuit, not a to-and-fro in a blob) ...
    public var lappingClearMaxRadialVariation = 0.25
    /// ... coming back to their own places (at least `repetitionMinRevisitFraction` of the points)
    /// are lapping beyond doubt: reported at once, without `wanderingReportAfterSeconds` of evidence
    /// and wherever the person is (someone circling a fountain in their usual park is still circling).
    /// Pacing the same way once the window holds this many reversals along a thin axis.
    public var pacingClearReversals = 8
    /// Random: straightness below this ...
    public var randomMaxStraightness = 0.5
    /// ... with at least this much turning per 100 m of path, in radians.
    public var randomMinTurningRadiansPer100Metres = 2.5
    /// ... not turning consistently one way (that is lapping) ...
    public var randomMaxTurnConsistency = 0.5
    /// ... and not coming back to the same places much (that is pacing or lapping).
    public var randomMaxRevisitFraction = 0.45
    /// A pattern must be seen in this many consecutive classifications before wandering starts.
    public var wanderingConfirmClassifications = 2
    /// Wandering ends after this many consecutive classifications of direct travel ...
    public var wanderingEndClassifications = 2
    /// ... or after the path has not grown for this long.
    public var wanderingEndStationarySeconds = 300.0
    /// ... or once no classification has seen its pattern for this long (the person rested, rode
    /// or fell silent since: the shape of an hour ago says nothing of now).
    public var wanderingEndUnsupportedSeconds = 900.0

    /// A shape-wandering episode is reported only once it has lasted this long (an ordinary walk's
    /// odd minute is not wandering; a person lost keeps at it).
    public var wanderingReportAfterSeconds = 300.0
    /// Somewhere the routine knows the person at that hour, the episode must last this many times
    /// `wanderingReportAfterSeconds` (an ordinary stroll round a usual place draws a faint shape for
    /// a few minutes; a person lost there keeps at it).
    public var wanderingUsualPlaceEvidenceFactor = 4.0
    /// The seconds of an episode count fully towards `wanderingReportAfterSeconds` while its pattern
    /// scores at least this (0...1), in proportion below: a faint pattern must hold longer.
    public var wanderingClearScore = 0.7

    // MARK: Pacing along a short corridor (raw fixes; see `PacingDetector`)
    /// The window of raw fixes judged for pacing, in seconds ...
    public var pacingWindowSeconds = 420.0
    /// ... keeping a fix at most this often (a phone logging every second adds nothing) ...
    public var pacingMinSpacingSeconds = 4.0
    /// ... and at most this many fixes (the oldest dropped first) ...
    public var pacingWindowFixes = 128
    /// ... judged whole and as its newest tails of these shares of it ...
    public var pacingWindowTailShares = [1.0, 0.85, 0.7, 0.55, 0.4]
    /// ... at most this often ...
    public var pacingJudgeEverySeconds = 5.0
    /// ... and forgotten after a silence this long.
    public var pacingMaxGapSeconds = 60.0
    /// A corridor is this long at least (a still phone's averaged noise spans less) ...
    public var pacingCorridorMinMetres = 12.0
    /// ... and at most this long (longer ones are the shape classes' to judge) ...
    public var pacingCorridorMaxMetres = 80.0
    /// A window whose fixes' bounding box is wider than the longest corridor by more than this is not
    /// measured at all (the noise across and along a corridor stays within it) ...
    public var pacingBoundingMarginMetres = 30.0
    /// ... with a spread across it at most this share of the spread along it.
    public var pacingMaxThinness = 0.6
    /// A turn needs the walk to come back by this share of the corridor ...
    public var pacingTurnShare = 0.4
    /// ... and by this many metres at least.
    public var pacingTurnMinimumMetres = 8.0
    /// Pacing needs this many turns in the window ...
    public var pacingRawMinTurns = 7
    /// ... legs whose durations vary by at most this share of their mean ...
    public var pacingMaxLegVariation = 0.4
    /// ... where, among at least this many legs, one that took an odd number of times (3, 5, ...)
    /// the typical leg's time counts as that many legs (turns the noise hid at a short corridor's
    /// ends) ...
    public var pacingHiddenTurnsMinimumLegs = 5
    /// ... each covering at least this share of the corridor ...
    public var pacingMinLegShare = 0.5
    /// ... at a walker's pace along it, between this ...
    public var pacingMinLegSpeedMetresPerSecond = 0.4
    /// ... and this, in metres per second.
    public var pacingMaxLegSpeedMetresPerSecond = 2.0
    /// A window whose turns do not show pacing may still walk to and fro in a rhythm
    /// (`CorridorRhythm`: a corridor too short for its turns to be counted): it needs this many
    /// fixes ...
    public var pacingRhythmMinFixes = 30
    /// ... and, first, the mean squared distance between fixes some steps apart dipping at a larger
    /// step to at most 1 / this of what it reached at a smaller one (a walker back where they were;
    /// at rest it stays flat, drifting it rises) ...
    public var pacingRhythmMinDip = 1.5
    /// ... then a sinusoid of a period from this many seconds ...
    public var pacingRhythmShortestPeriodSeconds = 12.0
    /// ... and this many of the window's mean spacing between fixes (a rhythm faster than that is
    /// not seen, only aliased: a logger's fix every 19 s fits a period of 18 s anywhere) ...
    public var pacingRhythmMinFixesAPeriod = 3.0
    /// ... to the window's span over this many (slower periods are tried so that a drift or a bend
    /// in the path fits best there, and is no rhythm), tried at this many frequencies per the
    /// window's resolution (one period over its span) ...
    public var pacingRhythmScanFromCycles = 2.0
    public var pacingRhythmOversampling = 4.0
    /// ... that fits best with at least this many periods in the window ...
    public var pacingRhythmMinCycles = 5.0
    /// ... of at most this many fixes each: four a leg (a 20 m corridor at a fix every 5 s), where
    /// turns blur; legs of more fixes show their turns, and on real days slow walks along a street
    /// with bends fitted periods of 9–12 fixes (44–58 s at one every 5 s) ...
    public var pacingRhythmMaxFixesAPeriod = 8.0
    /// ... that explains at least this share of the fixes' spread along their main axis ...
    public var pacingRhythmMinExplainedShare = 0.35
    /// ... and at least this share in each half of the window (noise that happens to fit is mostly
    /// one stretch of it) ...
    public var pacingRhythmMinHalfShare = 0.25
    /// ... traced as a flat ellipse: its minor axis at most this share of its major (laps trace a
    /// circle) ...
    public var pacingRhythmMaxFlatness = 0.5
    /// ... its corridor from `pacingCorridorMinMetres` to this long (longer ones show their turns),
    /// walked at a pace within the legs'.
    public var pacingRhythmMaxCorridorMetres = 25.0
    /// Pacing is reported after this many pacing windows in a row (one: the next window, judged a
    /// few seconds later, shares nearly all its fixes, so waiting for it confirms little and costs a
    /// short corridor's pacing about half a back-and-forth) ...
    public var pacingConfirmJudgements = 1
    /// ... and ends after this many in a row that are not: 60, five minutes at one judgement every
    /// 5 s. A short corridor's pacing, walked on without a pause, shows no pacing in its window for a
    /// minute or more now and then (its turns blur in the noise); ended after two such windows, one
    /// 20-minute walk in a 20 m corridor raised 4–9 alerts.
    public var pacingEndJudgements = 60

    // MARK: Aimless walk
    /// The raw fixes (no less accurate than `shapeMaxAccuracyMetres`) are averaged over blocks of
    /// this long, and the path of the block means judged apart from the smoothed shape: a slow
    /// walker without Doppler speed, whose smoothed path the position filter shrinks to a blob,
    /// still draws one there ...
    public var aimlessBlockSeconds = 30.0
    /// ... over a window of this many blocks (10 minutes) ...
    public var aimlessWindowBlocks = 20
    /// ... that a silence longer than this empties.
    public var aimlessMaxGapSeconds = 120.0
    /// The window is aimless walking when its block means move at least this fast ...
    public var aimlessMinSpeedMetresPerSecond = 0.3
    /// ... and at most this fast (faster is travel, which the shape classes judge) ...
    public var aimlessMaxSpeedMetresPerSecond = 1.2
    /// ... going nowhere (straightness below this) ...
    public var aimlessMaxStraightness = 0.5
    /// ... yet spreading farther than this, beyond any fix's assumed accuracy ...
    public var aimlessMinDiameterMetres = 50.0
    /// ... turning at least this much per 100 m, in radians ...
    public var aimlessMinTurningRadiansPer100Metres = 3.0
    /// ... with a spread over `aimlessSpreadLagBlocks` blocks at least this many times that over one
    /// (the positions keep moving away; drift round a place comes back) ...
    public var aimlessMinSpreadGrowth = 1.8
    /// ... (the lag, in blocks) ...
    public var aimlessSpreadLagBlocks = 5
    /// ... at a steady pace: step lengths varying by at most this fraction of their mean ...
    public var aimlessMaxStepVariation = 0.5
    /// ... and no step longer than this many times the median one (drift jumps) ...
    public var aimlessMaxLongestStepRatio = 2.5
    /// ... the median step at least this many times the fixes' own scatter about their block means
    /// (noise indoors scatters the fixes of one block as far as the blocks move; a phone that gives
    /// fewer than two fixes a block never shows it, and is not judged).
    public var aimlessMinStepToScatter = 1.5
    /// Each aimless window adds a block's seconds of evidence, each other window takes off this many
    /// blocks' (a walker's odd straight minute does not undo ten aimless ones) ...
    public var aimlessMissPenaltyBlocks = 2.0
    /// ... and the walk is reported as random wandering once the evidence reaches this; it ends
    /// when the evidence is spent.
    public var aimlessReportAfterSeconds = 600.0

    // MARK: Routine
    /// Whether the tracker learns the person's routine from their fixes (off: far from home stays
    /// conservative and shapes are judged alone, forever).
    public var learnsRoutine = true
    /// The routine's grid cells are about this many metres on a side.
    public var routineCellMetres = 250.0
    /// The routine keeps at most this many cells (24 bytes each plus the dictionary's own).
    public var routineMaxCells = 1_024
    /// The routine is learned once it holds this many distinct days; until then far from home is
    /// reported only at night.
    public var routineMinimumDays = 7
    /// A place or corridor is usual when seen on at least this many earlier days ...
    public var routineUsualMinimumDays = 2
    /// ... within this many hours of the time of day (one hour across workdays and weekends).
    public var routineHourToleranceHours = 2
    /// Consecutive fixes at most this far apart in time mark the cells between them as a corridor ...
    public var routineCorridorMaxGapSeconds = 600.0
    /// ... when at most this far apart.
    public var routineCorridorMaxJumpMetres = 5_000.0
    /// A stay of at least this long within `stayRadiusMetres` marks a place of the routine (a place
    /// is listed once stays marked it on `routineUsualMinimumDays` days).
    public var routinePlaceMinimumSeconds = 600.0

    /// The defaults described beside each property.
    public init() {}
}
