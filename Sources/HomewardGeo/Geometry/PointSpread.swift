#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif

/// How a set of plane points spreads about its centre: the mean and the sums of the squared and
/// crossed deviations (the scatter matrix), from which a shape's axis, elongation and thinness follow.
/// The sums add in the points' order, so every shape measure built on them agrees to the last bit.
struct PointSpread {
    let meanX: Double
    let meanY: Double
    let xx: Double
    let yy: Double
    let xy: Double

    /// Measures `points`, dividing the sums of their coordinates by `count` for the mean.
    init<Points: Collection>(_ points: Points, count: Double) where Points.Element == PlanarPoint {
        var sumX = 0.0, sumY = 0.0
        for point in points {
            sumX += point.x
            sumY += point.y
        }
        let meanX = sumX / count, meanY = sumY / count
        var xx = 0.0, yy = 0.0, xy = 0.0
        for point in points {
            let dx = point.x - meanX, dy = point.y - meanY
            xx += dx * dx
            yy += dy * dy
            xy += dx * dy
        }
        self.meanX = meanX
        self.meanY = meanY
        self.xx = xx
        self.yy = yy
        self.xy = xy
    }

    /// The angle of the main axis (the direction the points spread along most), in radians from the
    /// x axis.
    var mainAxisAngle: Double { 0.5 * atan2(2 * xy, xx - yy) }
}
