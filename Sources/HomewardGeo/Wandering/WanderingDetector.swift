/// Watches the shape of the recent path: resamples the smoothed positions to one point per step of
/// movement into a fixed ring, classifies the window every few new points, and starts or ends a
/// wandering episode only when the classification holds (hysteresis).
public struct WanderingDetector: Sendable, Codable {
    private let configuration: TrackerConfiguration
    private var window: RingBuffer<PlanarPoint>
    private var pendingPoints = 0
    private var candidate: WanderingPattern?
    private var candidateCount = 0
    private var directCount = 0
    private var stationarySince: UnixSeconds?
    /// The ongoing episode, if any.
    public private(set) var episode: Wandering?

    /// Creates a detector with an empty window.
    public init(configuration: TrackerConfiguration) {
        self.configuration = configuration
        window = RingBuffer(capacity: configuration.pathWindowPoints)
    }

    /// Takes the next smoothed position and the motion state, and says whether an episode started or ended.
    public mutating func observe(_ point: PlanarPoint, at t: UnixSeconds, state: MotionState) -> WanderingChange? {
        if state == .stationary {
            window.removeAll()
            pendingPoints = 0
            let since = stationarySince ?? t
            stationarySince = since
            if episode != nil, t - since >= configuration.wanderingEndStationarySeconds { return endEpisode() }
            return nil
        }
        stationarySince = nil
        guard let last = window.last else {
            window.append(point)
            return nil
        }
        let distance = last.distance(to: point)
        let step = configuration.pathStepMetres
        guard distance >= step else { return nil }
        let steps = min(Int(distance / step), configuration.pathWindowPoints)
        for index in 1...steps {
            let fraction = Double(index) * step / distance
            window.append(PlanarPoint(x: last.x + (point.x - last.x) * fraction, y: last.y + (point.y - last.y) * fraction))
        }
        pendingPoints += steps
        guard window.count >= configuration.classifyMinimumPoints,
              pendingPoints >= configuration.classifyEveryPoints else { return nil }
        pendingPoints = 0
        return decide(currentClassification(), at: t)
    }

    /// The classification of the current window (undetermined while the window is too short).
    public func currentClassification() -> MovementClass {
        guard window.count >= configuration.classifyMinimumPoints else { return .undetermined }
        let features = TrajectoryFeatures(
            points: window.elements, chordSteps: configuration.turningChordSteps,
            revisitRadiusMetres: configuration.revisitRadiusMetres,
            revisitMinimumSeparationSteps: configuration.revisitMinimumSeparationSteps)
        return WanderingClassifier(configuration: configuration).classify(features)
    }

    /// Forgets the path (after a gap the old shape says nothing about the new one); an episode stays open.
    public mutating func resetPath() {
        window.removeAll()
        pendingPoints = 0
        candidate = nil
        candidateCount = 0
    }

    private mutating func decide(_ movement: MovementClass, at t: UnixSeconds) -> WanderingChange? {
        switch movement {
        case .direct:
            candidate = nil
            candidateCount = 0
            directCount += 1
            if episode != nil, directCount >= configuration.wanderingEndClassifications { return endEpisode() }
        case .wandering(let pattern, let score):
            directCount = 0
            if candidate == pattern {
                candidateCount += 1
            } else {
                candidate = pattern
                candidateCount = 1
            }
            if var current = episode {
                current.score = score
                if current.pattern != pattern, candidateCount >= configuration.wanderingConfirmClassifications {
                    current.pattern = pattern
                }
                episode = current
            } else if candidateCount >= configuration.wanderingConfirmClassifications {
                let started = Wandering(pattern: pattern, since: t, score: score)
                episode = started
                return .started(started)
            }
        case .undetermined:
            directCount = 0
        }
        return nil
    }

    private mutating func endEpisode() -> WanderingChange {
        episode = nil
        candidate = nil
        candidateCount = 0
        directCount = 0
        return .ended
    }
}
