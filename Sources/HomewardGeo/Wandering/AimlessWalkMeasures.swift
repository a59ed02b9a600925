#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif

/// Measures of the path drawn by the mean positions of the raw fixes over consecutive blocks of a
/// few tens of seconds (oldest first): how fast and how straight it goes, how far it spreads, how
/// much it turns, whether its spread keeps growing with time, and how steady its steps are.
///
/// A walker going nowhere in particular turns all the time, yet their positions keep spreading
/// with time at a steady pace; the drift of a resting phone jumps about in fits and comes back, so
/// its spread over a few blocks is hardly larger than over one.
public struct AimlessWalkMeasures: Sendable, Equatable {
    /// Path length of the block means per second of the window, in metres per second.
    public let speedMetresPerSecond: Double
    /// Displacement from the first to the last block mean / path length, 0...1.
    public let straightness: Double
    /// The greatest distance between two block means, in metres.
    public let diameterMetres: Double
    /// Sum of absolute turns between consecutive steps, in radians per 100 m of path.
    public let turningRadiansPer100Metres: Double
    /// The root mean square displacement over `lagBlocks` blocks divided by that over one block:
    /// about 1 for jitter round a place, growing with the lag for a walker whose positions spread.
    public let spreadGrowth: Double
    /// Standard deviation / mean of the step lengths between consecutive block means (a walker's
    /// pace is steady; drift moves in fits).
    public let stepVariation: Double
    /// The longest step / the median step (drift jumps now and then; a walker does not).
    public let longestStepRatio: Double
    /// The median step / the root mean square scatter of the fixes about their block means (over
    /// the blocks of two fixes or more; 0 when there are none): a walker's block means move
    /// farther than the fixes of one block scatter, noise round a resting phone's place does not,
    /// whatever accuracy the phone claims.
    public let stepToScatter: Double

    /// Measures `blocks` (oldest first), a window `spanSeconds` long, with the spread growth over
    /// `lagBlocks` blocks; nil when there are too few blocks or no movement at all.
    public init?(blocks: [FixBlock], spanSeconds: Double, lagBlocks: Int) {
        let lag = max(1, lagBlocks)
        guard blocks.count > lag, spanSeconds > 0 else { return nil }
        let points = blocks.map(\.mean)
        var scatterSum = 0.0, scattered = 0
        for block in blocks where block.fixes > 1 {
            scatterSum += block.scatterSquareMetres
            scattered += 1
        }
        var steps: [Double] = []
        steps.reserveCapacity(points.count - 1)
        var length = 0.0, squaredSteps = 0.0
        var total = 0.0
        var previousHeading: Double?
        for index in points.indices.dropFirst() {
            let a = points[index - 1], b = points[index]
            let step = a.distance(to: b)
            steps.append(step)
            length += step
            squaredSteps += step * step
            guard step > 0 else { continue }
            let heading = atan2(b.y - a.y, b.x - a.x)
            if let previous = previousHeading {
                total += abs(Angle.wrappedRadians(heading - previous))
            }
            previousHeading = heading
        }
        guard length > 0 else { return nil }
        var squaredLagged = 0.0
        for index in lag..<points.count {
            squaredLagged += points[index - lag].squaredDistance(to: points[index])
        }
        var diameterSquared = 0.0
        for index in points.indices {
            for other in (index + 1)..<points.count {
                diameterSquared = max(diameterSquared, points[index].squaredDistance(to: points[other]))
            }
        }
        let mean = length / Double(steps.count)
        let variance = max(0, squaredSteps / Double(steps.count) - mean * mean)
        steps.sort()
        let median = steps.count % 2 == 1
            ? steps[steps.count / 2] : (steps[steps.count / 2 - 1] + steps[steps.count / 2]) / 2
        let lagged = (squaredLagged / Double(points.count - lag)).squareRoot()
        let single = (squaredSteps / Double(steps.count)).squareRoot()

        speedMetresPerSecond = length / spanSeconds
        straightness = min(1, points[0].distance(to: points[points.count - 1]) / length)
        diameterMetres = diameterSquared.squareRoot()
        turningRadiansPer100Metres = total / length * 100
        spreadGrowth = lagged / single
        stepVariation = variance.squareRoot() / mean
        longestStepRatio = median > 0 ? (steps.last ?? 0) / median : .infinity
        let scatter = scattered > 0 ? (scatterSum / Double(scattered)).squareRoot() : 0
        stepToScatter = scattered == 0 ? 0 : scatter > 0 ? median / scatter : .infinity
    }
}
