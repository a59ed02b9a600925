/// Finds pacing to and fro along a short corridor (a hallway, a path by a bench) from the raw fixes,
/// by its turns (`PacingMeasures`) or, where a corridor of 15–20 m is walked in so few fixes that its
/// turns blur, by its rhythm (`CorridorRhythm`): keeps the last `pacingWindowSeconds` of fixes no
/// less accurate than the shape's limit (one every `pacingMinSpacingSeconds` at most), judges them
/// (and their newest tails, `pacingWindowTailShares`) every `pacingJudgeEverySeconds`, and reports
/// pacing after `pacingConfirmJudgements` pacing windows in a row, its end after
/// `pacingEndJudgements` that are not. A silence longer than `pacingMaxGapSeconds` forgets the window.
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

    /// The first indices of the window's tails (`pacingWindowTailShares` of `pacingWindowSeconds`)
    /// whose fixes' bounding box is no smaller than the shortest corridor and no larger than the
    /// longest one with a margin for noise across and along it, written to `fits` shortest tail
    /// first (the latest start first); returns how many. One pass from the newest fix, the shares
    /// taken from the smallest up (the latest start first) with nothing allocated on the heap.
    private func tailsThatCouldHoldACorridor(
        now t: UnixSeconds, configuration: TrackerConfiguration, into fits: UnsafeMutableBufferPointer<Int>
    ) -> Int {
        let shares = configuration.pacingWindowTailShares
        var minX = Double.infinity, maxX = -Double.infinity, minY = Double.infinity, maxY = -Double.infinity
        var found = 0
        let largest = configuration.pacingCorridorMaxMetres + configuration.pacingBoundingMarginMetres
        var index = points.count - 1
        // The share taken last (its value and position), the next being the smallest after it.
        var taken: (share: Double, position: Int)?
        func nextShare() -> Int? {
            var next: Int?
            for position in shares.indices {
                let share = shares[position]
                if let taken, share < taken.share || (share == taken.share && position <= taken.position) { continue }
                if let best = next, shares[best] < share || (shares[best] == share && best < position) { continue }
                next = position
            }
            return next
        }
        var next = nextShare()
        while let share = next {
            let start = t - configuration.pacingWindowSeconds * shares[share]
            let reachesBack = index < 0 || points[index].t <= start
            if reachesBack {
                taken = (shares[share], share)
                next = nextShare()
                let diagonal = ((maxX - minX) * (maxX - minX) + (maxY - minY) * (maxY - minY)).squareRoot()
                if diagonal.isFinite, diagonal >= configuration.pacingCorridorMinMetres, diagonal <= largest {
                    fits[found] = index + 1
                    found += 1
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
        return found
    }

    /// The first of the tails starting at `fits` (shortest first) whose turns are pacing
    /// (`PacingMeasures`), measured longest first: the walk that led here must not hide the pacing
    /// that followed. Only tails that could be pacing by their thinness, extent and turns are copied
    /// and measured in full.
    private func turnsInTails(_ fits: Slice<UnsafeMutableBufferPointer<Int>>, configuration: TrackerConfiguration) -> PacingMeasures? {
        // The longest tail's first index is the last found.
        guard let earliest = fits.last, points.count - earliest >= 9 else { return nil }
        // The window's fixes averaged in threes once, for all its tails.
        return withUnsafeTemporaryAllocation(of: PlanarPoint.self, capacity: points.count - earliest - 2) { averaged in
            PacingMeasures.average(points, from: earliest, into: averaged)
            for start in fits.reversed() where points.count - start >= 9 {
                let tail = UnsafeBufferPointer(rebasing: averaged[(start - earliest)...])
                guard PacingMeasures.mayBePacing(averaged: tail, configuration: configuration) else { continue }
                let window = (start..<points.count).map { points[$0] }
                if let measured = PacingMeasures(window, configuration: configuration),
                    measured.isPacing(configuration: configuration) {
                    return measured
                }
            }
            return nil
        }
    }

    /// The first of the tails starting at `fits` (shortest first) whose raw fixes walk to and fro in
    /// a rhythm (`CorridorRhythm`): a corridor too short for its turns to be counted. Only tails
    /// whose fixes come back to where they were (`CorridorRhythm.mayHaveRhythm`) are fitted.
    private func rhythmInTails(_ fits: Slice<UnsafeMutableBufferPointer<Int>>, configuration: TrackerConfiguration) -> CorridorRhythm? {
        guard let earliest = fits.last, points.count - earliest >= configuration.pacingRhythmMinFixes else { return nil }
        let tails = fits.count
        return withUnsafeTemporaryAllocation(of: TimedPoint.self, capacity: points.count - earliest) { window in
            for index in earliest..<points.count { window.initializeElement(at: index - earliest, to: points[index]) }
            return withUnsafeTemporaryAllocation(of: Int.self, capacity: tails) { starts in
                for (position, start) in fits.enumerated() { starts.initializeElement(at: position, to: start - earliest) }
                return withUnsafeTemporaryAllocation(of: Bool.self, capacity: tails) { may in
                    CorridorRhythm.tailsThatMayHaveRhythm(
                        UnsafeBufferPointer(window), starts: UnsafeBufferPointer(starts), configuration: configuration, into: may)
                    for position in 0..<tails where may[position] {
                        let tail = UnsafeBufferPointer(rebasing: window[starts[position]...])
                        if let rhythm = CorridorRhythm(tail, configuration: configuration), rhythm.isPacing(configuration: configuration) {
                            return rhythm
                        }
                    }
                    return nil
                }
            }
        }
    }

    /// Takes the next raw position (in the tracker's plane) and says whether an episode started or ended.
    public mutating func observe(_ point: PlanarPoint, at t: UnixSeconds, configuration: TrackerConfiguration) -> WanderingChange? {
        var change: WanderingChange?
        if let last = points.last, t - last.t > configuration.pacingMaxGapSeconds { change = reset() }
        if let last = points.last, t - last.t < configuration.pacingMinSpacingSeconds { return change }
        points.append(TimedPoint(t: t, point: point))
        guard t - lastJudgedAt >= configuration.pacingJudgeEverySeconds else { return change }
        lastJudgedAt = t
        // Only tails whose bounding box could hold a corridor are measured (a walker going somewhere
        // is let go without a copy of the window): by their turns, and failing that by their rhythm.
        let shareCount = configuration.pacingWindowTailShares.count
        let found: (since: UnixSeconds?, score: Double)? = shareCount == 0 ? nil : withUnsafeTemporaryAllocation(of: Int.self, capacity: shareCount) { fits in
            let fitting = tailsThatCouldHoldACorridor(now: t, configuration: configuration, into: fits)
            guard fitting > 0 else { return nil }
            if let measures = turnsInTails(fits[..<fitting], configuration: configuration) {
                return (measures.firstTurnAt, measures.score)
            }
            return rhythmInTails(fits[..<fitting], configuration: configuration).map { (nil, $0.score) }
        }
        if let found {
            pacingInARow += 1
            otherInARow = 0
            if episode == nil, pacingInARow >= configuration.pacingConfirmJudgements {
                let started = Wandering(pattern: .pacing, since: found.since ?? t, score: found.score)
                episode = started
                return .started(started)
            }
        } else {
            otherInARow += 1
            pacingInARow = 0
            if episode != nil, otherInARow >= configuration.pacingEndJudgements {
                episode = nil
                return .ended
            }
        }
        return change
    }
}
