#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif

/// The measures of a window of raw fixes that tell pacing to and fro along a short corridor: the
/// fixes are averaged in threes (4 m of noise becomes 2.3 m), projected on their main axis, and the
/// turns along it counted with a hysteresis of a share of the corridor's length; the legs between
/// turns must each cover most of the corridor at a walker's pace, and take about as long as each
/// other. A corridor of 15–40 m is walked in 15–40 s: the smoothed path the shape classes judge is
/// drawn every 10 m and smoothed for a 12 m accuracy, and loses such turns.
public struct PacingMeasures: Sendable, Equatable {
    /// The length of the corridor (the extent of the averaged fixes along the main axis), in metres.
    public let extentMetres: Double
    /// The spread across the main axis over the spread along it (0 for a line).
    public let thinness: Double
    /// The turns counted along the main axis.
    public let turns: Int
    /// When the first counted turn was made.
    public let firstTurnAt: UnixSeconds?
    /// The legs' durations' standard deviation over their mean (a leg whose turns the noise hid
    /// counted as the legs it was; see `TrackerConfiguration.pacingHiddenTurnsMinimumLegs`).
    public let legVariation: Double
    /// The shortest leg's distance along the axis over the extent.
    public let shortestLegShare: Double
    /// The mean speed along the axis over the legs, in metres per second.
    public let legSpeedMetresPerSecond: Double

    /// Measures `points` (oldest first); nil for fewer than 9 points.
    public init?(_ points: [TimedPoint], configuration: TrackerConfiguration) {
        guard points.count >= 9 else { return nil }
        var averaged: [TimedPoint] = []
        averaged.reserveCapacity(points.count - 2)
        for index in 1..<(points.count - 1) {
            let a = points[index - 1].point, b = points[index].point, c = points[index + 1].point
            averaged.append(TimedPoint(t: points[index].t, point: PlanarPoint(x: (a.x + b.x + c.x) / 3, y: (a.y + b.y + c.y) / 3)))
        }
        let count = Double(averaged.count)
        let spread = PointSpread(averaged.lazy.map { $0.point }, count: count)
        let (meanX, meanY, xx, yy, xy) = (spread.meanX, spread.meanY, spread.xx, spread.yy, spread.xy)
        let angle = spread.mainAxisAngle
        let (ux, uy) = (cos(angle), sin(angle))
        let trace = (xx + yy) / count, determinant = (xx * yy - xy * xy) / (count * count)
        let root = (max(0, trace * trace / 4 - determinant)).squareRoot()
        let major = trace / 2 + root, minor = max(0, trace / 2 - root)
        thinness = major > 0 ? (minor / major).squareRoot() : 1
        let along = averaged.map { ($0.point.x - meanX) * ux + ($0.point.y - meanY) * uy }
        extentMetres = (along.max() ?? 0) - (along.min() ?? 0)
        let hysteresis = max(configuration.pacingTurnMinimumMetres, extentMetres * configuration.pacingTurnShare)
        // Turning points: the extreme since the last turn, once the walk has come back by the hysteresis.
        var turnIndices: [Int] = []
        var extremeIndex = 0
        var direction = 0
        for index in 1..<along.count {
            switch direction {
            case 0:
                // The first leg's direction, once the walk is that far from where the window starts.
                if abs(along[index] - along[0]) >= hysteresis {
                    direction = along[index] > along[0] ? 1 : -1
                    extremeIndex = index
                }
            default:
                let further = direction > 0 ? along[index] > along[extremeIndex] : along[index] < along[extremeIndex]
                if further {
                    extremeIndex = index
                } else if abs(along[index] - along[extremeIndex]) >= hysteresis {
                    turnIndices.append(extremeIndex)
                    direction = -direction
                    extremeIndex = index
                }
            }
        }
        turns = turnIndices.count
        firstTurnAt = turnIndices.first.map { averaged[$0].t }
        var durations: [Double] = [], distances: [Double] = []
        for (from, to) in zip(turnIndices, turnIndices.dropFirst()) {
            durations.append(averaged[to].t - averaged[from].t)
            distances.append(abs(along[to] - along[from]))
        }
        // A leg that took an odd number of times (3, 5, ...) as long as the typical leg, covering the
        // corridor once, is that many legs whose turns the noise hid: at a fix every 5 s a 20 m corridor
        // is walked in four fixes, and one end blurred by 4 m of noise goes uncounted. It is measured as
        // those legs, so one blurred end does not make steady pacing look irregular. (A leg twice as
        // long is a pause at one end, and stays one leg.)
        if durations.count >= configuration.pacingHiddenTurnsMinimumLegs {
            let typical = durations.sorted()[durations.count / 2]
            var legs: [Double] = [], lengths: [Double] = []
            for (duration, distance) in zip(durations, distances) {
                let multiple = typical > 0 ? (duration / typical).rounded() : 1
                if multiple >= 3, Int(multiple) % 2 == 1 {
                    legs += repeatElement(duration / multiple, count: Int(multiple))
                    lengths += repeatElement(distance, count: Int(multiple))
                } else {
                    legs.append(duration)
                    lengths.append(distance)
                }
            }
            durations = legs
            distances = lengths
        }
        if durations.isEmpty {
            legVariation = .infinity
            shortestLegShare = 0
            legSpeedMetresPerSecond = 0
        } else {
            let mean = durations.reduce(0, +) / Double(durations.count)
            let variance = durations.reduce(0) { $0 + ($1 - mean) * ($1 - mean) } / Double(durations.count)
            legVariation = mean > 0 ? variance.squareRoot() / mean : .infinity
            shortestLegShare = extentMetres > 0 ? (distances.min() ?? 0) / extentMetres : 0
            let time = durations.reduce(0, +)
            legSpeedMetresPerSecond = time > 0 ? distances.reduce(0, +) / time : 0
        }
    }

    /// The fixes of `points` from `start` on averaged in threes as `init` averages a window's (the
    /// point at index `start + 1 + j` and its two neighbours, to `averaged[j]`): one buffer serves
    /// every tail of the window, a tail from `tail` on being its part from `tail - start` on.
    static func average(_ points: RingBuffer<TimedPoint>, from start: Int, into averaged: UnsafeMutableBufferPointer<PlanarPoint>) {
        for index in 0..<(points.count - start - 2) {
            let a = points[start + index].point, b = points[start + index + 1].point, c = points[start + index + 2].point
            averaged.initializeElement(at: index, to: PlanarPoint(x: (a.x + b.x + c.x) / 3, y: (a.y + b.y + c.y) / 3))
        }
    }

    /// Whether the window of `points` from `start` to the newest could be pacing (see the other
    /// `mayBePacing`), its fixes averaged here.
    static func mayBePacing(_ points: RingBuffer<TimedPoint>, from start: Int, configuration: TrackerConfiguration) -> Bool {
        guard start >= 0, points.count - start >= 9 else { return false }
        return withUnsafeTemporaryAllocation(of: PlanarPoint.self, capacity: points.count - start - 2) { averaged in
            average(points, from: start, into: averaged)
            return mayBePacing(averaged: UnsafeBufferPointer(averaged), configuration: configuration)
        }
    }

    /// Whether a window whose fixes averaged in threes are `averaged` (at least 7: a window of 9
    /// fixes or more) could be pacing: false only when `PacingMeasures(window, configuration:)?
    /// .isPacing(configuration:)` is certainly not true, because the window's thinness, extent or
    /// turns (computed as `init` computes them, operation for operation) fail `isPacing`'s
    /// thresholds. Most windows a detector judges (a phone at rest, a walk going somewhere) end here,
    /// without a copy of the window and with nothing allocated on the heap.
    static func mayBePacing(averaged: UnsafeBufferPointer<PlanarPoint>, configuration: TrackerConfiguration) -> Bool {
        let averagedCount = averaged.count
        guard averagedCount >= 7 else { return false }
        let count = Double(averagedCount)
        // The same spread as `init` measures, so the two agree to the last bit.
        let spread = PointSpread(averaged, count: count)
        let (meanX, meanY, xx, yy, xy) = (spread.meanX, spread.meanY, spread.xx, spread.yy, spread.xy)
        let trace = (xx + yy) / count, determinant = (xx * yy - xy * xy) / (count * count)
        let root = (max(0, trace * trace / 4 - determinant)).squareRoot()
        let major = trace / 2 + root, minor = max(0, trace / 2 - root)
        let thinness = major > 0 ? (minor / major).squareRoot() : 1
        guard thinness <= configuration.pacingMaxThinness else { return false }
        let angle = spread.mainAxisAngle
        let (ux, uy) = (cos(angle), sin(angle))
        return withUnsafeTemporaryAllocation(of: Double.self, capacity: averagedCount) { along in
            for index in 0..<averagedCount {
                along.initializeElement(at: index, to: (averaged[index].x - meanX) * ux + (averaged[index].y - meanY) * uy)
            }
            // As `Sequence.max()` and `min()` compare.
            var highest = along[0], lowest = along[0]
            for value in along.dropFirst() {
                if highest < value { highest = value }
                if value < lowest { lowest = value }
            }
            let extent = highest - lowest
            guard extent >= configuration.pacingCorridorMinMetres, extent <= configuration.pacingCorridorMaxMetres else { return false }
            let hysteresis = max(configuration.pacingTurnMinimumMetres, extent * configuration.pacingTurnShare)
            let first = along[0]
            var turns = 0
            var extreme = first
            var direction = 0
            for value in along.dropFirst() {
                switch direction {
                case 0:
                    if abs(value - first) >= hysteresis {
                        direction = value > first ? 1 : -1
                        extreme = value
                    }
                default:
                    let further = direction > 0 ? value > extreme : value < extreme
                    if further {
                        extreme = value
                    } else if abs(value - extreme) >= hysteresis {
                        turns += 1
                        if turns >= configuration.pacingRawMinTurns { return true }
                        direction = -direction
                        extreme = value
                    }
                }
            }
            return turns >= configuration.pacingRawMinTurns
        }
    }

    /// Whether the window is pacing by `configuration`'s thresholds.
    public func isPacing(configuration: TrackerConfiguration) -> Bool {
        extentMetres >= configuration.pacingCorridorMinMetres && extentMetres <= configuration.pacingCorridorMaxMetres
            && thinness <= configuration.pacingMaxThinness
            && turns >= configuration.pacingRawMinTurns
            && legVariation <= configuration.pacingMaxLegVariation
            && shortestLegShare >= configuration.pacingMinLegShare
            && legSpeedMetresPerSecond >= configuration.pacingMinLegSpeedMetresPerSecond
            && legSpeedMetresPerSecond <= configuration.pacingMaxLegSpeedMetresPerSecond
    }

    /// How clearly the window shows pacing, 0...1: more turns, more regular legs, a thinner corridor.
    public var score: Double {
        let regularity = max(0, 1 - legVariation)
        return min(1, Double(turns) / 16) * 0.5 + regularity * 0.3 + max(0, 1 - thinness) * 0.2
    }
}
