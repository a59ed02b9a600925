/// Douglas–Peucker simplification of a track, with the tolerance in metres, bounded to linear time.
///
/// Plain Douglas–Peucker costs O(n²) distance evaluations on a crafted track (a zig-zag whose
/// amplitude shrinks a little at every point makes each split peel off one point), and a share
/// link or a guardian's export would let anyone feed it one. Here the track is cut into windows of
/// at most `windowPoints` consecutive points that share their end points, and each window is
/// simplified on its own: at most `windowPoints²/2` evaluations a window, so O(n · windowPoints),
/// linear in n. The guarantee is unchanged (no dropped point lies farther than the tolerance from
/// the simplified line, since every window's ends are kept); the only cost is one kept point per
/// window boundary.
public enum DouglasPeucker {
    /// Points in one window at most (the bound on the work per point, `windowPoints / 2` evaluations).
    public static let windowPoints = 256

    /// The subset of `points` (first and last always kept) such that no dropped point lies farther than
    /// `toleranceMetres` from the simplified line; iterative, so long tracks cannot overflow the stack.
    public static func simplify(_ points: [Coordinate], toleranceMetres: Double) -> [Coordinate] {
        var evaluations = 0
        return simplify(points, toleranceMetres: toleranceMetres, windowPoints: windowPoints, evaluations: &evaluations)
    }

    /// `simplify` with windows of `windowPoints`, counting the distance evaluations in `evaluations`
    /// (how tests measure the work without timing it).
    static func simplify(
        _ points: [Coordinate], toleranceMetres: Double, windowPoints: Int, evaluations: inout Int
    ) -> [Coordinate] {
        guard points.count > 2, toleranceMetres > 0 else { return points }
        precondition(windowPoints >= 3, "a window needs its two ends and a point between them")
        let projection = LocalProjection(centeredOn: points)
        let planar = points.map(projection.project)
        var keep = [Bool](repeating: false, count: points.count)
        var windowStart = 0
        while windowStart < points.count - 1 {
            let windowEnd = min(windowStart + windowPoints - 1, points.count - 1)
            keep[windowStart] = true
            keep[windowEnd] = true
            var stack = [(windowStart, windowEnd)]
            while let (first, last) = stack.popLast() {
                guard last > first + 1 else { continue }
                let segment = PlanarSegment(from: planar[first], to: planar[last])
                var farthest = first, farthestDistance = -1.0
                for index in (first + 1)..<last {
                    let distance = segment.distance(to: planar[index])
                    if distance > farthestDistance {
                        farthestDistance = distance
                        farthest = index
                    }
                }
                evaluations += last - first - 1
                if farthestDistance > toleranceMetres {
                    keep[farthest] = true
                    stack.append((first, farthest))
                    stack.append((farthest, last))
                }
            }
            windowStart = windowEnd
        }
        return points.indices.compactMap { keep[$0] ? points[$0] : nil }
    }
}
