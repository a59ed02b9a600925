/// Watches the shape of the recent path: resamples the smoothed positions to one point per step of
/// movement into a fixed ring, classifies the window every few new points, and starts or ends a
/// wandering episode only when the classification holds (hysteresis).
public struct WanderingDetector: Sendable, Equatable, Codable {
    /// Recent step times kept for the path speed.
    public static let stepHistoryCount = 16

    private var window: RingBuffer<TimedPoint>
    /// The longer window laps and back-and-forths are counted over (`lapWindowPoints`).
    private var lapWindow: RingBuffer<TimedPoint>
    private var anchor: TimedPoint?
    private var stepTimes: RingBuffer<UnixSeconds>
    private var pendingPoints = 0
    private var candidate: WanderingPattern?
    private var candidateCount = 0
    private var candidateSince: UnixSeconds?
    private var directCount = 0
    private var lastWanderingAt: UnixSeconds?
    private var lastWanderingAtBroken = false
    /// The ongoing episode, if any.
    public private(set) var episode: Wandering?
    /// Seconds of the ongoing episode that its pattern was seen through: the time between
    /// consecutive classifications of wandering (direct travel between two breaks the count), each
    /// weighted by how clear the pattern was (see `TrackerConfiguration.wanderingClearScore`).
    public private(set) var episodeEvidenceSeconds = 0.0
    /// Whether the last classification saw laps or back-and-forths beyond doubt
    /// (`TrackerConfiguration.lappingClearTurns`, `pacingClearReversals`): reported at once.
    public private(set) var repetitionIsClear = false
    /// When the window was last classified as wandering (the moment the episode was last supported).
    public var lastSupportedAt: UnixSeconds? { lastWanderingAt }

    /// Creates a detector with an empty window.
    public init(configuration: TrackerConfiguration) {
        window = RingBuffer(capacity: configuration.pathWindowPoints)
        lapWindow = RingBuffer(capacity: max(configuration.lapWindowPoints, configuration.pathWindowPoints))
        stepTimes = RingBuffer(capacity: Self.stepHistoryCount)
    }

    /// Takes the next smoothed position and says whether an episode started or ended. While the person is
    /// stationary the path still grows (for the path speed) but the shape window is emptied, so that the
    /// drift of a standing fix never reads as a shape. While `isSlow` (the path grows, but slower than
    /// the motion state calls moving) a window that comes back to its own places (`revisitFraction` at
    /// least `slowWalkMaxRevisitFraction`) is not judged: drift round a resting phone does that, a
    /// slow walker going nowhere in particular does not.
    public mutating func observe(
        _ point: PlanarPoint, at t: UnixSeconds, isStationary: Bool, isSlow: Bool = false,
        configuration: TrackerConfiguration
    ) -> WanderingChange? {
        guard let last = anchor else {
            anchor = TimedPoint(t: t, point: point)
            if !isStationary {
                window.append(TimedPoint(t: t, point: point))
                lapWindow.append(TimedPoint(t: t, point: point))
            }
            return nil
        }
        let distance = last.point.distance(to: point)
        let step = configuration.pathStepMetres
        guard distance >= step else {
            if episode != nil, t - last.t >= configuration.wanderingEndStationarySeconds { return endEpisode() }
            return nil
        }
        if isStationary || t - last.t > configuration.pathIdleResetSeconds {
            window.removeAll()
            lapWindow.removeAll()
            pendingPoints = 0
        }
        let steps = min(Int(distance / step), configuration.pathWindowPoints)
        var reached = last
        for index in 1...steps {
            let fraction = Double(index) * step / distance
            reached = TimedPoint(
                t: last.t + (t - last.t) * fraction,
                point: PlanarPoint(x: last.point.x + (point.x - last.point.x) * fraction,
                                   y: last.point.y + (point.y - last.point.y) * fraction))
            stepTimes.append(reached.t)
            if !isStationary {
                window.append(reached)
                lapWindow.append(reached)
            }
        }
        anchor = reached
        guard !isStationary else { return nil }
        pendingPoints += steps
        guard window.count >= configuration.classifyMinimumPoints,
              pendingPoints >= configuration.classifyEveryPoints else { return nil }
        pendingPoints = 0
        var movement = classification(slow: isSlow, configuration: configuration)
        repetitionIsClear = false
        if movement != .direct, !isSlow, let clear = clearRepetition(configuration) {
            movement = clear
            repetitionIsClear = true
        }
        return decide(movement, at: t, configuration: configuration)
    }

    /// Laps or back-and-forths beyond doubt at the end of the longer window, if any: over the
    /// shortest tail (from `lapMinimumPoints` points, growing by `classifyEveryPoints`) that
    /// shows them, `lappingClearTurns` net turns made `lappingClearTurnConsistency` consistently
    /// within `lappingClearMaxExtentMetres`, or `pacingClearReversals` reversals along a thin axis;
    /// either way coming back to its own places and walked at a walking pace.
    private func clearRepetition(_ configuration: TrackerConfiguration) -> MovementClass? {
        let points = lapWindow.elements
        guard points.count >= configuration.lapMinimumPoints else { return nil }
        let step = max(1, configuration.classifyEveryPoints)
        let plane = points.map(\.point)
        // Which tails come back to their own places often enough is known for all of them from one
        // pass (a point revisits within a tail when its latest earlier neighbour lies in the tail), so
        // the full measurement runs only on tails that may repeat: a straight or random path costs O(n²)
        // once per classification, not once per tail.
        let latest = Self.latestEarlierNeighbours(
            plane, radiusMetres: configuration.revisitRadiusMetres,
            separation: max(1, configuration.revisitMinimumSeparationSteps))
        var length = configuration.lapMinimumPoints
        while length <= points.count {
            let start = points.count - length
            let first = points[start], last = points[points.count - 1]
            if last.t > first.t {
                let speed = Double(length - 1) * configuration.pathStepMetres / (last.t - first.t)
                let revisits = latest[start...].reduce(0) { $0 + ($1 >= start ? 1 : 0) }
                if speed >= configuration.classifyMinPathSpeedMetresPerSecond,
                   speed <= configuration.classifyMaxPathSpeedMetresPerSecond,
                   Double(revisits) / Double(length) >= configuration.repetitionMinRevisitFraction,
                   let clear = Self.clearRepetition(in: Array(plane[start...]), configuration) {
                    return clear
                }
            }
            length += step
        }
        return nil
    }

    /// For each point, the index of the latest point at least `separation` steps before it and within
    /// `radiusMetres` of it, or -1 (as `TrajectoryFeatures` counts revisits).
    static func latestEarlierNeighbours(_ points: [PlanarPoint], radiusMetres: Double, separation: Int) -> [Int] {
        let radiusSquared = radiusMetres * radiusMetres
        var latest = [Int](repeating: -1, count: points.count)
        for later in points.indices where later >= separation {
            var earlier = later - separation
            while earlier >= 0 {
                if points[earlier].squaredDistance(to: points[later]) <= radiusSquared {
                    latest[later] = earlier
                    break
                }
                earlier -= 1
            }
        }
        return latest
    }

    /// Whether `points` are laps or back-and-forths beyond doubt (see `clearRepetition(_:)`).
    private static func clearRepetition(in points: [PlanarPoint], _ configuration: TrackerConfiguration) -> MovementClass? {
        let features = TrajectoryFeatures(
            points: points, chordSteps: configuration.turningChordSteps,
            revisitRadiusMetres: configuration.revisitRadiusMetres,
            revisitMinimumSeparationSteps: configuration.revisitMinimumSeparationSteps)
        guard features.revisitFraction >= configuration.repetitionMinRevisitFraction else { return nil }
        if features.turns >= configuration.lappingClearTurns, features.turnConsistency >= configuration.lappingClearTurnConsistency,
           features.majorExtentMetres <= configuration.lappingClearMaxExtentMetres,
           features.elongation >= configuration.lappingClearMinElongation,
           radialVariation(of: points) <= configuration.lappingClearMaxRadialVariation {
            return .wandering(.lapping, score: min(1, features.turnConsistency))
        }
        if features.reversals >= configuration.pacingClearReversals,
           features.elongation <= configuration.pacingManyReversalsMaxElongation,
           features.majorExtentMetres >= configuration.pacingMinExtentMetres,
           features.turnConsistency < configuration.lappingMinTurnConsistency {
            return .wandering(.pacing, score: 1 - features.elongation / 2)
        }
        return nil
    }

    /// Metres of resampled path per second over the last `seconds` up to `now` (movement that jitter
    /// alone rarely produces, since the path only grows in whole steps of the smoothed position).
    public func recentPathSpeed(over seconds: Double, now: UnixSeconds, stepMetres: Double) -> Double {
        var steps = 0
        var index = stepTimes.count - 1
        while index >= 0, now - stepTimes[index] <= seconds {
            steps += 1
            index -= 1
        }
        return Double(steps) * stepMetres / seconds
    }

    /// The classification of the current window (undetermined while the window is too short).
    public func currentClassification(configuration: TrackerConfiguration) -> MovementClass {
        classification(slow: false, configuration: configuration)
    }

    /// The classification of the current window; while `slow`, a window that revisits its own places
    /// as much as `slowWalkMaxRevisitFraction` is undetermined.
    private func classification(slow: Bool, configuration: TrackerConfiguration) -> MovementClass {
        guard isClassifiable(configuration) else { return .undetermined }
        // Most movement is plain travel: settle it from the ends and the length before measuring the shape.
        let length = Double(window.count - 1) * configuration.pathStepMetres
        if let first = window.first, let last = window.last,
           first.point.distance(to: last.point) >= configuration.directMinStraightness * length {
            return .direct
        }
        guard let features = currentFeatures(configuration: configuration),
              !slow || features.revisitFraction < configuration.slowWalkMaxRevisitFraction else { return .undetermined }
        return WanderingClassifier(configuration: configuration).classify(features)
    }

    /// The shape measures of the current window, or nil while it is too short.
    public func currentFeatures(configuration: TrackerConfiguration) -> TrajectoryFeatures? {
        guard isClassifiable(configuration) else { return nil }
        return TrajectoryFeatures(
            points: window.elements.map(\.point), chordSteps: configuration.turningChordSteps,
            revisitRadiusMetres: configuration.revisitRadiusMetres,
            revisitMinimumSeparationSteps: configuration.revisitMinimumSeparationSteps)
    }

    /// The least mean radius the radial variation is measured against, in metres.
    static let radialVariationFloorMetres = 25.0

    /// How far the distances of `points` from their centroid vary, as their standard deviation over
    /// their mean (0 for a circle; a circuit round a block stays low; a walk to and fro in a blob does not).
    private static func radialVariation(of points: [PlanarPoint]) -> Double {
        guard !points.isEmpty else { return .infinity }
        let count = Double(points.count)
        let centre = PlanarPoint(x: points.reduce(0) { $0 + $1.x } / count, y: points.reduce(0) { $0 + $1.y } / count)
        let radii = points.map { $0.distance(to: centre) }
        let mean = radii.reduce(0, +) / count
        let variance = radii.reduce(0) { $0 + ($1 - mean) * ($1 - mean) } / count
        // A small circle's smoothed radius is of the order of the fixes' noise: measured against a floor.
        return variance.squareRoot() / max(mean, Self.radialVariationFloorMetres)
    }

    /// Whether the window is long enough, and was walked fast enough, to say something about a shape.
    private func isClassifiable(_ configuration: TrackerConfiguration) -> Bool {
        guard window.count >= configuration.classifyMinimumPoints, let first = window.first, let last = window.last,
              last.t > first.t else { return false }
        let speed = Double(window.count - 1) * configuration.pathStepMetres / (last.t - first.t)
        return speed >= configuration.classifyMinPathSpeedMetresPerSecond
            && speed <= configuration.classifyMaxPathSpeedMetresPerSecond
    }

    /// Ends the episode when no classification has supported it for `wanderingEndUnsupportedSeconds`
    /// (the person stood still, rode, or the phone fell silent: an old shape says nothing of now).
    public mutating func expire(at t: UnixSeconds, configuration: TrackerConfiguration) -> WanderingChange? {
        guard episode != nil, let last = lastWanderingAt,
              t - last > configuration.wanderingEndUnsupportedSeconds else { return nil }
        return endEpisode()
    }

    /// Forgets the path (after a gap the old shape says nothing about the new one); an episode stays
    /// open until `expire` ends it.
    public mutating func resetPath() {
        window.removeAll()
        lapWindow.removeAll()
        repetitionIsClear = false
        anchor = nil
        stepTimes.removeAll()
        pendingPoints = 0
        candidate = nil
        candidateCount = 0
    }

    private mutating func decide(
        _ movement: MovementClass, at t: UnixSeconds, configuration: TrackerConfiguration
    ) -> WanderingChange? {
        switch movement {
        case .direct:
            candidate = nil
            candidateCount = 0
            directCount += 1
            lastWanderingAtBroken = true
            if episode != nil, directCount >= configuration.wanderingEndClassifications { return endEpisode() }
        case .wandering(let pattern, let score):
            directCount = 0
            if candidate == pattern {
                candidateCount += 1
            } else {
                candidate = pattern
                candidateCount = 1
                candidateSince = t
            }
            if var current = episode {
                if let last = lastWanderingAt, !lastWanderingAtBroken {
                    episodeEvidenceSeconds += (t - last) * Self.clarity(score, configuration)
                }
                lastWanderingAt = t
                lastWanderingAtBroken = false
                current.score = score
                if current.pattern != pattern, candidateCount >= configuration.wanderingConfirmClassifications {
                    current.pattern = pattern
                }
                episode = current
            } else if candidateCount >= configuration.wanderingConfirmClassifications {
                let started = Wandering(pattern: pattern, since: t, score: score)
                episode = started
                // The classifications that confirmed the pattern saw it from the first of them on.
                episodeEvidenceSeconds = (t - (candidateSince ?? t)) * Self.clarity(score, configuration)
                lastWanderingAt = t
                lastWanderingAtBroken = false
                return .started(started)
            }
        case .undetermined:
            directCount = 0
        }
        return nil
    }

    /// How much a second of a classification with `score` counts: fully once the pattern is as clear
    /// as `wanderingClearScore`, in proportion below (a faint pattern must hold longer).
    private static func clarity(_ score: Double, _ configuration: TrackerConfiguration) -> Double {
        min(1, max(0, score) / max(0.01, configuration.wanderingClearScore))
    }

    private mutating func endEpisode() -> WanderingChange {
        episode = nil
        episodeEvidenceSeconds = 0
        lastWanderingAt = nil
        candidate = nil
        candidateCount = 0
        directCount = 0
        return .ended
    }
}
