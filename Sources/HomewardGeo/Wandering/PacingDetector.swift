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

    /// The first indices of the window's tails (`pacingWindowTailShares` of `pacingWindowSeconds`,
    /// longest first) whose fixes' bounding box is no smaller than the shortest corridor and no larger
    /// than the longest one with a margin for noise across and along it; one pass from the newest fix.
    private func tailsThatCouldHoldACorridor(now t: UnixSeconds, configuration: TrackerConfiguration) -> [Int] {
        let starts = configuration.pacingWindowTailShares.map { t - configuration.pacingWindowSeconds * $0 }
        var order = Array(starts.indices).sorted { starts[$0] > starts[$1] }[...]
        var minX = Double.infinity, maxX = -Double.infinity, minY = Double.infinity, maxY = -Double.infinity
        var fits: [(share: Int, start: Int)] = []
        let largest = configuration.pacingCorridorMaxMetres + configuration.pacingBoundingMarginMetres
        var index = points.count - 1
        while let next = order.first {
            let reachesBack = index < 0 || points[index].t <= starts[next]
            if reachesBack {
                order.removeFirst()
                let diagonal = ((maxX - minX) * (maxX - minX) + (maxY - minY) * (maxY - minY)).squareRoot()
                if diagonal.isFinite, diagonal >= configuration.pacingCorridorMinMetres, diagonal <= largest {
                    fits.append((next, index + 1))
                }
                continue
            }
            let point = points[index].point
            minX = min(minX, point.x)
            maxX = max(maxX, point.x)
            minY = min(minY, point.y)
            maxY = max(maxY, point.y)
            if maxX - minX > largest || maxY - minY > largest { break }
            index -= 1
        }
        return fits.sorted { $0.start < $1.start }.map(\.start)
    }

    /// Takes the next raw position (in the tracker's plane) and says whether an episode started or ended.
    public mutating func observe(_ point: PlanarPoint, at t: UnixSeconds, configuration: TrackerConfiguration) -> WanderingChange? {
        var change: WanderingChange?
        if let last = points.last, t - last.t > configuration.pacingMaxGapSeconds { change = reset() }
        if let last = points.last, t - last.t < configuration.pacingMinSpacingSeconds { return change }
        points.append(TimedPoint(t: t, point: point))
        guard t - lastJudgedAt >= configuration.pacingJudgeEverySeconds else { return change }
        lastJudgedAt = t
        // The window's tails, longest first: the walk that led here must not hide the pacing that
        // followed. Only tails whose bounding box could hold a corridor are measured (a walker going
        // somewhere, or a phone at rest, is let go without a copy of the window).
        let candidates = tailsThatCouldHoldACorridor(now: t, configuration: configuration)
        var measures: PacingMeasures?
        for start in candidates {
            let window = (start..<points.count).map { points[$0] }
            if let measured = PacingMeasures(window, configuration: configuration), measured.isPacing(configuration: configuration) {
                measures = measured
                break
            }
        }
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
