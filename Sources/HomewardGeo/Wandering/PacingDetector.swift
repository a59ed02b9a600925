/// Finds pacing to and fro along a short corridor (a hallway, a path by a bench) from the raw fixes
/// (see `PacingMeasures`): keeps the last `pacingWindowSeconds` of fixes no less accurate than the
/// shape's limit (one every `pacingMinSpacingSeconds` at most), judges them (and their newest
/// tails, `pacingWindowTailShares`) every `pacingJudgeEverySeconds`, and reports pacing after
/// `pacingConfirmJudgements` pacing windows in a row, its end after as many that are not. A silence
/// longer than `pacingMaxGapSeconds` forgets the window.
public struct PacingDetector: Sendable, Equatable, Codable {
    private var points: RingBuffer<TimedPoint>
    private var lastJudgedAt: UnixSeconds = -.infinity
    private var pacingInARow = 0
    private var otherInARow = 0
    /// The ongoing episode, once reported.
    public private(set) var episode: Wandering?

    /// Creates a detector with an empty window.
    public init(configuration: TrackerConfiguration) {
        points = RingBuffer(capacity: max(9, configuration.pacingWindowFixes))
    }

    /// Forgets the window; says `.ended` if an episode was open.
    public mutating func reset() -> WanderingChange? {
        points.removeAll()
        pacingInARow = 0
        otherInARow = 0
        lastJudgedAt = -.infinity
        guard episode != nil else { return nil }
        episode = nil
        return .ended
    }

    /// Takes the next raw position (in the tracker's plane) and says whether an episode started or ended.
    public mutating func observe(_ point: PlanarPoint, at t: UnixSeconds, configuration: TrackerConfiguration) -> WanderingChange? {
        var change: WanderingChange?
        if let last = points.last, t - last.t > configuration.pacingMaxGapSeconds { change = reset() }
        if let last = points.last, t - last.t < configuration.pacingMinSpacingSeconds { return change }
        points.append(TimedPoint(t: t, point: point))
        guard t - lastJudgedAt >= configuration.pacingJudgeEverySeconds else { return change }
        lastJudgedAt = t
        // The window's tails, longest first: the walk that led here must not hide the pacing that followed.
        let all = points.elements
        let measures = configuration.pacingWindowTailShares.lazy.compactMap { share -> PacingMeasures? in
            let window = all.filter { $0.t > t - configuration.pacingWindowSeconds * share }
            return PacingMeasures(window, configuration: configuration).flatMap { $0.isPacing(configuration: configuration) ? $0 : nil }
        }.first
        if let measures {
            pacingInARow += 1
            otherInARow = 0
            if episode == nil, pacingInARow >= configuration.pacingConfirmJudgements {
                let started = Wandering(pattern: .pacing, since: measures.firstTurnAt ?? t, score: measures.score)
                episode = started
                return .started(started)
            }
        } else {
            otherInARow += 1
            pacingInARow = 0
            if episode != nil, otherInARow >= configuration.pacingConfirmJudgements {
                episode = nil
                return .ended
            }
        }
        return change
    }
}
