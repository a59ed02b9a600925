/// The hysteresis for one zone. An exit is decided on evidence that grows with time and distance:
/// each fix beyond the line by more than its own accuracy plus a margin adds the seconds since the
/// fix before, weighted by how far beyond it is, and the exit needs enough of it, from at least two
/// fixes over a minimum time. A run outside that began while the person was resting, and farther
/// one that began with a jump from a fix inside faster than a walker, must also move on along the
/// line (away from it, or back towards it while still outside), as a walker or a car does, or last a hold time: GPS multipath beside a building moves a resting phone outside in one step, but
/// does not carry it on. Near the line the exit also waits, in proportion to how near, while the
/// person does not carry on away from it (a trip to the bins comes back; a departure carries on), and
/// a run with a step faster than anyone leaves home waits for the hold; one fix far beyond after a
/// silence decides at once. A fix inside resets the evidence. An entry needs
/// consecutive fixes inside. Inaccurate fixes never count
/// towards an exit. The first decision, from the same evidence, raises no event.
/// A crossing the phone reported itself (`ReportedCrossing`) confirms at once when its fix agrees,
/// and raises its event even as the first decision: the phone saw the other side.
public struct ZoneMembership: Sendable, Equatable, Codable {
    /// The decided presence.
    public private(set) var presence = ZonePresence.unknown
    /// When the person was first seen outside in the current absence (nil while inside or unknown).
    public private(set) var outsideSince: UnixSeconds?
    /// The worst accuracy of the fixes counted as exit evidence since the last fix inside, in metres.
    public private(set) var exitEvidenceWorstAccuracyMetres = 0.0
    private var exitEvidenceFixes = 0
    private var exitEvidenceSince: UnixSeconds = 0
    private var exitEvidenceSeconds = 0.0
    private var outsideRunStarted = false
    private var outsideRunFirstDistance = 0.0
    private var outsideRunFarthestDistance = 0.0
    private var outsideRunNearestDistance = 0.0
    private var outsideRunStartedWithJump = false
    private var outsideRunStartedAtRest = false
    private var outsideRunFastestMetresPerSecond = 0.0
    private var entryEvidenceFixes = 0
    /// The time of the last fix when it was past the line but within its own accuracy of it (not yet
    /// evidence), come from inside: a sparse phone's first fix out, which the next one corroborates.
    private var faintOutsideAt: UnixSeconds?
    private var lastDistance: Double?
    private var lastT: UnixSeconds = 0
    /// A fix at least half `exitProgressLookbackSeconds` old (and at most about that old, for a phone
    /// that reports more often), to tell a person carrying on away from the line from one heading back.
    private var progressReference = DistanceSample(t: -.infinity, distance: 0)
    private var progressCandidate = DistanceSample(t: -.infinity, distance: 0)

    /// A fix's signed distance from the line at its time.
    private struct DistanceSample: Sendable, Equatable, Codable {
        var t: UnixSeconds
        var distance: Double
    }

    /// Creates an undecided membership.
    public init() {}

    /// Takes one fix's signed distance from the boundary (positive outside) and says what changed;
    /// `reported` is the crossing of this zone the phone reported with the fix, if any; `wasResting`
    /// says the person was stationary before this fix (a run outside that starts then may be multipath).
    public mutating func update(
        signedDistanceMetres distance: Double, accuracyMetres accuracy: Double, at t: UnixSeconds,
        configuration: TrackerConfiguration, reported: ReportedCrossing.Direction? = nil, wasResting: Bool = false
    ) -> ZoneTransition? {
        if let reported, let transition = confirmReported(reported, distance: distance, accuracy: accuracy, at: t) {
            return transition
        }
        let beyond = distance - accuracy - configuration.exitEvidenceMarginMetres
        let clearlyOutside = accuracy <= configuration.exitMaxAccuracyMetres && beyond > 0
        let inside = distance <= -configuration.entryMarginMetres
        let previousT = lastDistance == nil ? t : lastT
        defer {
            lastDistance = distance
            lastT = t
            if t - progressCandidate.t >= configuration.exitProgressLookbackSeconds / 2 {
                progressReference = progressCandidate
                progressCandidate = DistanceSample(t: t, distance: distance)
            }
        }

        if inside {
            exitEvidenceFixes = 0
            outsideRunStarted = false
            entryEvidenceFixes += 1
        } else {
            entryEvidenceFixes = 0
            if distance > 0 { followOutsideRun(distance: distance, at: t, wasResting: wasResting, configuration: configuration) }
            if clearlyOutside {
                addExitEvidence(distance: distance, beyond: beyond, at: t, configuration: configuration)
            }
        }
        // A sparse phone's fix just past the line (within its accuracy of it), come from inside by more
        // than a resting phone's scatter, then one clearly outside an interval later: the person was on
        // the way out, so the first counts as the first of the fixes outside.
        let wasFaintlyOutside = faintOutsideAt
        faintOutsideAt = !inside && !clearlyOutside && distance > 0 && accuracy <= configuration.exitMaxAccuracyMetres
            && lastDistance.map { $0 <= 0 && distance - $0 >= configuration.exitRestingTravelMetres } ?? false ? t : nil
        if clearlyOutside, exitEvidenceFixes == 1, let faint = wasFaintlyOutside, t - faint >= configuration.sparseFixSeconds {
            exitEvidenceFixes = 2
            exitEvidenceSince = faint
        }

        switch presence {
        case .unknown:
            if entryEvidenceFixes >= configuration.entryConfirmFixes {
                presence = .inside
            } else if exitEvidenceFixes >= configuration.exitConfirmFixes {
                presence = .outside
                outsideSince = exitEvidenceSince
            }
            return nil
        case .inside:
            guard exitIsDecided(at: t, distance: distance, beyond: clearlyOutside ? beyond : 0, configuration: configuration)
                || isFarAfterSilence(beyond: clearlyOutside ? beyond : 0, silentSeconds: t - previousT, configuration: configuration)
            else { return nil }
            presence = .outside
            outsideSince = exitEvidenceSince
            entryEvidenceFixes = 0
            return .left(at: exitEvidenceSince)
        case .outside:
            guard entryEvidenceFixes >= configuration.entryConfirmFixes else { return nil }
            presence = .inside
            outsideSince = nil
            exitEvidenceFixes = 0
            return .entered
        }
    }

    /// Takes a fix the signal filter held back as a jump from where the phone was (a sparse phone
    /// home after a ride, its first fixes far from where it rested): it counts only towards an entry,
    /// and only when its whole accuracy circle is inside, so two such fixes end an exit the filter
    /// has not caught up with yet. Says whether that entered the zone. A held-back fix inside but
    /// within its accuracy of the line is no evidence either way: the fixes inside around it still
    /// count (a sparse phone home for three fixes, its middle one held back, came home).
    public mutating func updateHeldBack(
        signedDistanceMetres distance: Double, accuracyMetres accuracy: Double, at t: UnixSeconds,
        configuration: TrackerConfiguration
    ) -> ZoneTransition? {
        guard presence == .outside else { return nil }
        guard distance <= -max(accuracy, configuration.entryMarginMetres) else {
            if distance > -configuration.entryMarginMetres { entryEvidenceFixes = 0 }
            return nil
        }
        entryEvidenceFixes += 1
        lastDistance = distance
        lastT = t
        guard entryEvidenceFixes >= configuration.entryConfirmFixes else { return nil }
        presence = .inside
        outsideSince = nil
        exitEvidenceFixes = 0
        outsideRunStarted = false
        return .entered
    }

    /// Whether a fix that is `beyond` the line (past its accuracy and the margin) after
    /// `silentSeconds` without a fix decides an exit alone: a phone that wakes up far away shows
    /// where the person went, and waiting for more of it only delays the news.
    private func isFarAfterSilence(beyond: Double, silentSeconds: Double, configuration: TrackerConfiguration) -> Bool {
        silentSeconds >= configuration.exitAfterSilenceSeconds && beyond >= configuration.exitAfterSilenceBeyondMetres
    }

    /// Weighs one fix beyond the line: the seconds since the fix before (at most
    /// `exitEvidenceMaxStepSeconds`) times how far beyond it is in units of `exitEvidenceScaleMetres`
    /// (at most `exitEvidenceMaxWeight`).
    private mutating func addExitEvidence(
        distance: Double, beyond: Double, at t: UnixSeconds, configuration: TrackerConfiguration
    ) {
        let step = lastDistance == nil ? 0 : min(t - lastT, configuration.exitEvidenceMaxStepSeconds)
        if exitEvidenceFixes == 0 {
            exitEvidenceSince = t
            exitEvidenceSeconds = 0
            exitEvidenceWorstAccuracyMetres = 0
        }
        exitEvidenceWorstAccuracyMetres = max(exitEvidenceWorstAccuracyMetres, distance - beyond - configuration.exitEvidenceMarginMetres)
        exitEvidenceFixes += 1
        exitEvidenceSeconds += step * min(beyond / configuration.exitEvidenceScaleMetres, configuration.exitEvidenceMaxWeight)
    }

    /// Follows the run of fixes outside the line since the last fix inside: where it started, how
    /// far it went, and whether it started with a jump from a resting phone or faster than a walker.
    private mutating func followOutsideRun(
        distance: Double, at t: UnixSeconds, wasResting: Bool, configuration: TrackerConfiguration
    ) {
        let stepSpeed = lastDistance.map { previous in
            abs(distance - previous) / max(t - lastT, configuration.exitFastStepMinimumSeconds)
        } ?? 0
        guard outsideRunStarted else {
            outsideRunStarted = true
            outsideRunFastestMetresPerSecond = stepSpeed
            outsideRunFirstDistance = distance
            outsideRunFarthestDistance = distance
            outsideRunNearestDistance = distance
            outsideRunStartedAtRest = wasResting
            outsideRunStartedWithJump = lastDistance.map { previous in
                previous <= 0 && (distance - previous) / max(t - lastT, configuration.exitJumpMinimumSeconds)
                    > configuration.exitJumpSpeedMetresPerSecond
            } ?? false
            return
        }
        outsideRunFarthestDistance = max(outsideRunFarthestDistance, distance)
        outsideRunNearestDistance = min(outsideRunNearestDistance, distance)
        outsideRunFastestMetresPerSecond = max(outsideRunFastestMetresPerSecond, stepSpeed)
    }

    /// The evidence of the exit last decided, read right after the decision: when the first fix that
    /// counted was taken, and the farthest beyond the line the run outside went, in metres.
    public var decidedExit: (since: UnixSeconds, farthestMetres: Double) { (exitEvidenceSince, outsideRunFarthestDistance) }

    /// Whether the evidence outside decides an exit at `t`, with the fix at `distance` from the line
    /// and `beyond` it past its accuracy and the margin (see the type's summary). Near the line the
    /// exit also waits, in proportion to how near (a noisy fix is nearer, once its accuracy is taken
    /// off): a trip to the bins or round the block comes back within minutes, a departure carries
    /// on; and a run heading back towards the line waits until it turns away again.
    private func exitIsDecided(at t: UnixSeconds, distance: Double, beyond: Double, configuration: TrackerConfiguration) -> Bool {
        let span = t - exitEvidenceSince
        guard exitEvidenceFixes >= configuration.exitConfirmFixes, span >= configuration.exitConfirmSeconds,
              exitEvidenceSeconds >= configuration.exitEvidenceRequiredSeconds else { return false }
        let progress = progressReference.t.isFinite ? distance - progressReference.distance : 0
        if beyond < configuration.exitClearBeyondMetres, span < configuration.exitHoldSeconds {
            let nearness = 1 - max(0, beyond) / configuration.exitClearBeyondMetres
            // A sparse phone's next fix is an interval away: the wait is met when it ends within half
            // an interval of this fix (rounded to the nearer fix, not always up to the later one).
            let interval = t - lastT
            let rounding = interval >= configuration.sparseFixSeconds
                ? min(interval, configuration.exitEvidenceMaxStepSeconds) / 2 : 0
            // Carrying on away slowly (fixes drifting look like that) waits longer.
            let lookback = t - progressReference.t
            let slow = lookback.isFinite && lookback > 0 && progress / lookback < configuration.exitSlowAwayMetresPerSecond
            let wait = configuration.exitNearWaitSeconds * nearness * (slow ? configuration.exitSlowWaitFactor : 1)
            guard span + rounding >= wait,
                  progress >= configuration.exitMinProgressMetres else { return false }
        } else if span < configuration.exitHoldSeconds, progress <= -configuration.exitApproachMetres {
            // Far beyond but heading back fast (a phone that slept through the departure wakes up on
            // the way home): the news is the return, unless the person turns away again.
            return false
        }
        if span < configuration.exitHoldSeconds,
           outsideRunFastestMetresPerSecond > configuration.exitImplausibleSpeedMetresPerSecond {
            // A step faster than anyone leaves home: an urban-canyon burst, over within the hold.
            return false
        }
        let travel = outsideRunStartedWithJump ? configuration.exitJumpTravelMetres
            : outsideRunStartedAtRest ? configuration.exitRestingTravelMetres : 0
        // Travel either way along the line while still outside: a phone that multipath moved stays
        // put, a person who came out far (after a logger gap, or a car) and walks back towards the
        // line is moving all the same.
        let moved = max(outsideRunFarthestDistance - outsideRunFirstDistance, outsideRunFirstDistance - outsideRunNearestDistance)
        return moved >= travel || span >= configuration.exitHoldSeconds
    }

    /// Decides a crossing the phone reported when the fix agrees (for an exit its whole accuracy
    /// circle is outside, for an entry it is inside); nil when it does not, or nothing changes. Alone
    /// (without `update`) for a fix already counted as evidence, so it is not counted twice.
    public mutating func confirmReported(
        _ direction: ReportedCrossing.Direction, distance: Double, accuracy: Double, at t: UnixSeconds
    ) -> ZoneTransition? {
        switch direction {
        case .left:
            guard presence != .outside, distance > accuracy else { return nil }
            presence = .outside
            outsideSince = t
            exitEvidenceSince = t
            exitEvidenceWorstAccuracyMetres = accuracy
            outsideRunFarthestDistance = distance
            exitEvidenceFixes = 0
            entryEvidenceFixes = 0
            return .left(at: t)
        case .entered:
            guard presence != .inside, distance <= 0 else { return nil }
            presence = .inside
            outsideSince = nil
            exitEvidenceFixes = 0
            entryEvidenceFixes = 0
            return .entered
        }
    }
}
