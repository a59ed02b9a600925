/// Douglas–Peucker simplification of a track, with the tolerance in metres.
public enum DouglasPeucker {
    /// The subset of `points` (first and last always kept) such that no dropped point lies farther than
    /// `toleranceMetres` from the simplified line; iterative, so long tracks cannot overflow the stack.
    public static func simplify(_ points: [Coordinate], toleranceMetres: Double) -> [Coordinate] {
        guard points.count > 2, toleranceMetres > 0 else { return points }
        let projection = LocalProjection(centeredOn: points)
        let planar = points.map(projection.project)
        var keep = [Bool](repeating: false, count: points.count)
        keep[0] = true
        keep[points.count - 1] = true
        var stack = [(0, points.count - 1)]
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
            if farthestDistance > toleranceMetres {
                keep[farthest] = true
                stack.append((first, farthest))
                stack.append((farthest, last))
            }
        }
        return points.indices.compactMap { keep[$0] ? points[$0] : nil }
    }
}
