#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif

/// Finds a slow walk going nowhere from the raw fixes rather than the smoothed path: averages the
/// fixes over blocks (`aimlessBlockSeconds`), judges the last `aimlessWindowBlocks` block means with
/// `AimlessWalkMeasures` at every new block, and reports random wandering once aimless windows have
/// held for `aimlessReportAfterSeconds` of evidence.
///
/// The smoothed path cannot show such a walk when the phone gives no accuracy: the position filter,
/// trusting each fix as 30 m accurate, shrinks a walk at 0.5–1 m/s turning every 10–40 m to a blob
/// that the motion state calls stationary. Block means keep the walk, and the drift of a resting
/// phone shows in them for what it is: its spread does not grow with time, its steps come in fits.
public struct AimlessWalkDetector: Sendable, Equatable, Codable {
    private var blocks: RingBuffer<FixBlock>
    private var blockStart: UnixSeconds?
    private var blockSumX = 0.0
    private var blockSumY = 0.0
    private var blockSumSquares = 0.0
    private var blockFixes = 0
    private var lastFixAt: UnixSeconds?
    /// Seconds of evidence gathered (see `TrackerConfiguration.aimlessMissPenaltyBlocks`).
    public private(set) var evidenceSeconds = 0.0
    /// The ongoing episode, once reported.
    public private(set) var episode: Wandering?

    /// Creates a detector with an empty window.
    public init(configuration: TrackerConfiguration) {
        blocks = RingBuffer(capacity: max(2, configuration.aimlessWindowBlocks))
    }

    /// Takes the next raw position (in the tracker's plane) and says whether an episode started or
    /// ended. A silence longer than `aimlessMaxGapSeconds` forgets the window and the evidence.
    public mutating func observe(
        _ point: PlanarPoint, at t: UnixSeconds, configuration: TrackerConfiguration
    ) -> WanderingChange? {
        var change: WanderingChange?
        if let last = lastFixAt, t - last > configuration.aimlessMaxGapSeconds { change = reset() }
        lastFixAt = t
        guard let start = blockStart, blockFixes > 0 else {
            startBlock(with: point, at: t)
            return change
        }
        guard t - start >= configuration.aimlessBlockSeconds else {
            blockSumX += point.x
            blockSumY += point.y
            blockSumSquares += point.x * point.x + point.y * point.y
            blockFixes += 1
            return change
        }
        let count = Double(blockFixes)
        let mean = PlanarPoint(x: blockSumX / count, y: blockSumY / count)
        let scatter = max(0, blockSumSquares / count - mean.x * mean.x - mean.y * mean.y)
        blocks.append(FixBlock(t: start, mean: mean, scatterSquareMetres: blockFixes > 1 ? scatter : 0, fixes: blockFixes))
        startBlock(with: point, at: t)
        guard blocks.count == blocks.capacity else { return change }
        return judge(configuration: configuration) ?? change
    }

    /// The measures of the current window, or nil while it is not full.
    public func currentMeasures(configuration: TrackerConfiguration) -> AimlessWalkMeasures? {
        guard blocks.count == blocks.capacity, let first = blocks.first, let last = blocks.last else { return nil }
        return AimlessWalkMeasures(
            blocks: blocks.elements, spanSeconds: last.t - first.t + configuration.aimlessBlockSeconds,
            lagBlocks: configuration.aimlessSpreadLagBlocks)
    }

    /// Forgets the window and the evidence (a new track segment, a silence); ends the episode if any.
    public mutating func reset() -> WanderingChange? {
        blocks.removeAll()
        blockStart = nil
        blockFixes = 0
        lastFixAt = nil
        evidenceSeconds = 0
        guard episode != nil else { return nil }
        episode = nil
        return .ended
    }

    private mutating func startBlock(with point: PlanarPoint, at t: UnixSeconds) {
        blockStart = t
        blockSumX = point.x
        blockSumY = point.y
        blockSumSquares = point.x * point.x + point.y * point.y
        blockFixes = 1
    }

    private mutating func judge(configuration c: TrackerConfiguration) -> WanderingChange? {
        guard let first = blocks.first, let last = blocks.last else { return nil }
        let score = isPlausiblyAimless(from: first, to: last, c)
            ? currentMeasures(configuration: c).flatMap { Self.aimlessScore($0, c) } : nil
        if let score {
            evidenceSeconds += c.aimlessBlockSeconds
            if var current = episode {
                current.score = score
                episode = current
            } else if evidenceSeconds >= c.aimlessReportAfterSeconds {
                let started = Wandering(pattern: .random, since: last.t, score: score)
                episode = started
                return .started(started)
            }
        } else {
            evidenceSeconds = max(0, evidenceSeconds - c.aimlessMissPenaltyBlocks * c.aimlessBlockSeconds)
            if episode != nil, evidenceSeconds == 0 {
                episode = nil
                return .ended
            }
        }
        return nil
    }

    /// Whether the window's pace, straightness and turning (cheap to measure, and what rules out
    /// most windows: travel, and standing still) leave it worth measuring in full.
    private func isPlausiblyAimless(from first: FixBlock, to last: FixBlock, _ c: TrackerConfiguration) -> Bool {
        var length = 0.0
        for index in 1..<blocks.count { length += blocks[index - 1].mean.distance(to: blocks[index].mean) }
        let speed = length / (last.t - first.t + c.aimlessBlockSeconds)
        guard speed >= c.aimlessMinSpeedMetresPerSecond, speed <= c.aimlessMaxSpeedMetresPerSecond,
              first.mean.distance(to: last.mean) < c.aimlessMaxStraightness * length else { return false }
        var turning = 0.0
        var previous: PlanarPoint?
        for index in 1..<blocks.count {
            let a = blocks[index - 1].mean, b = blocks[index].mean
            let step = PlanarPoint(x: b.x - a.x, y: b.y - a.y)
            guard step.x != 0 || step.y != 0 else { continue }
            if let previous {
                turning += abs(atan2(previous.x * step.y - previous.y * step.x, previous.x * step.x + previous.y * step.y))
            }
            previous = step
        }
        return turning / length * 100 >= c.aimlessMinTurningRadiansPer100Metres
    }

    /// The score (0...1) of a window that is aimless walking, or nil: as random wandering, the
    /// turning against twice its minimum times how little the path gets anywhere.
    private static func aimlessScore(_ m: AimlessWalkMeasures, _ c: TrackerConfiguration) -> Double? {
        guard m.speedMetresPerSecond >= c.aimlessMinSpeedMetresPerSecond,
              m.speedMetresPerSecond <= c.aimlessMaxSpeedMetresPerSecond,
              m.straightness < c.aimlessMaxStraightness,
              m.diameterMetres >= c.aimlessMinDiameterMetres,
              m.turningRadiansPer100Metres >= c.aimlessMinTurningRadiansPer100Metres,
              m.spreadGrowth >= c.aimlessMinSpreadGrowth,
              m.stepVariation <= c.aimlessMaxStepVariation,
              m.longestStepRatio <= c.aimlessMaxLongestStepRatio,
              m.stepToScatter >= c.aimlessMinStepToScatter else { return nil }
        return min(1, m.turningRadiansPer100Metres / (2 * c.aimlessMinTurningRadiansPer100Metres)) * (1 - m.straightness)
    }
}
