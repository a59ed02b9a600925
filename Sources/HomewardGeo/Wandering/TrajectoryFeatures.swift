#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif

/// Shape measures of a resampled path from the wandering literature: straightness, cumulative turning,
/// reversals (U-turns) along the main axis, elongation, revisits of the same places and self-intersections.
public struct TrajectoryFeatures: Sendable, Equatable {
    /// A reversal along the main axis must undo at least this fraction of the path's extent ...
    public static let reversalHysteresisFraction = 0.25
    /// ... and at least this many metres, so that wiggles are not U-turns.
    public static let reversalHysteresisMinimumMetres = 5.0

    /// Path length in metres.
    public let pathLengthMetres: Double
    /// Straight-line distance from the first to the last point, in metres.
    public let displacementMetres: Double
    /// Displacement / path length, 0...1 (1 is a straight line).
    public let straightness: Double
    /// Signed sum of turning angles between chords, in radians (counter-clockwise positive).
    public let netTurningRadians: Double
    /// Sum of absolute turning angles, in radians.
    public let totalTurningRadians: Double
    /// Square root of the ratio of the minor to the major variance of the points, 0...1.
    public let elongation: Double
    /// Length of the points' spread along the main axis, in metres.
    public let majorExtentMetres: Double
    /// Number of direction reversals along the main axis (U-turns).
    public let reversals: Int
    /// Fraction of points that come back near an earlier point of the path.
    public let revisitFraction: Double
    /// Number of crossings of the path with itself.
    public let selfIntersections: Int

    /// Net turning as full turns.
    public var turns: Double { abs(netTurningRadians) / (2 * .pi) }
    /// Net turning / total turning, 0...1: how consistently the path turns one way.
    public var turnConsistency: Double { totalTurningRadians > 0 ? abs(netTurningRadians) / totalTurningRadians : 0 }

    /// Measures `points` (oldest first, evenly spaced along the path).
    public init(
        points: [PlanarPoint], chordSteps: Int, revisitRadiusMetres: Double, revisitMinimumSeparationSteps: Int
    ) {
        var length = 0.0
        for index in points.indices.dropFirst() { length += points[index - 1].distance(to: points[index]) }
        pathLengthMetres = length
        displacementMetres = points.count > 1 ? points[0].distance(to: points[points.count - 1]) : 0
        straightness = length > 0 ? min(1, displacementMetres / length) : 0

        let chord = max(1, chordSteps)
        var net = 0.0, total = 0.0
        var previousHeading: Double?
        var index = 0
        while index + chord < points.count {
            let a = points[index], b = points[index + chord]
            if a.squaredDistance(to: b) > 0 {
                let heading = atan2(b.y - a.y, b.x - a.x)
                if let previous = previousHeading {
                    let turn = Angle.wrappedRadians(heading - previous)
                    net += turn
                    total += abs(turn)
                }
                previousHeading = heading
            }
            index += chord
        }
        netTurningRadians = net
        totalTurningRadians = total

        let count = Double(max(1, points.count))
        let spread = PointSpread(points, count: count)
        let (meanX, meanY, sxx, syy, sxy) = (spread.meanX, spread.meanY, spread.xx, spread.yy, spread.xy)
        let trace = sxx + syy
        let root = ((sxx - syy) * (sxx - syy) + 4 * sxy * sxy).squareRoot()
        let major = (trace + root) / 2, minor = max(0, (trace - root) / 2)
        elongation = major > 0 ? (minor / major).squareRoot() : 0
        let axisAngle = spread.mainAxisAngle
        let ux = cos(axisAngle), uy = sin(axisAngle)
        let along = points.map { ($0.x - meanX) * ux + ($0.y - meanY) * uy }
        let extent = (along.max() ?? 0) - (along.min() ?? 0)
        majorExtentMetres = extent
        reversals = Self.countReversals(
            along, hysteresisMetres: max(Self.reversalHysteresisMinimumMetres, extent * Self.reversalHysteresisFraction))

        var revisits = 0
        let radiusSquared = revisitRadiusMetres * revisitRadiusMetres
        let separation = max(1, revisitMinimumSeparationSteps)
        if points.count > separation {
            for later in separation..<points.count {
                for earlier in 0...(later - separation) where points[earlier].squaredDistance(to: points[later]) <= radiusSquared {
                    revisits += 1
                    break
                }
            }
        }
        revisitFraction = points.isEmpty ? 0 : Double(revisits) / Double(points.count)

        var crossings = 0
        var segments: [PlanarSegment] = []
        var start = 0
        while start + chord < points.count {
            segments.append(PlanarSegment(from: points[start], to: points[start + chord]))
            start += chord
        }
        if segments.count > 2 {
            for i in 0..<(segments.count - 2) {
                for j in (i + 2)..<segments.count where segments[i].properlyIntersects(segments[j]) {
                    crossings += 1
                }
            }
        }
        selfIntersections = crossings
    }

    /// Counts turning points of a sequence, ignoring wiggles smaller than `hysteresisMetres`.
    private static func countReversals(_ values: [Double], hysteresisMetres: Double) -> Int {
        guard var extreme = values.first else { return 0 }
        var direction = 0.0
        var count = 0
        for value in values.dropFirst() {
            if direction == 0 {
                if abs(value - extreme) >= hysteresisMetres {
                    direction = value > extreme ? 1 : -1
                    extreme = value
                }
            } else if (value - extreme) * direction > 0 {
                extreme = value
            } else if abs(value - extreme) >= hysteresisMetres {
                direction = -direction
                extreme = value
                count += 1
            }
        }
        return count
    }
}
