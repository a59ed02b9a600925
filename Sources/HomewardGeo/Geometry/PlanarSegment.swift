/// A straight segment in a local metric plane.
public struct PlanarSegment: Sendable, Equatable {
    /// Where the segment starts.
    public let start: PlanarPoint
    /// Where the segment ends.
    public let end: PlanarPoint

    /// Creates the segment from `start` to `end`.
    public init(from start: PlanarPoint, to end: PlanarPoint) {
        self.start = start
        self.end = end
    }

    /// The fraction 0...1 along the segment of the point nearest to `point` (0 for a zero-length segment).
    @inlinable public func fractionOfNearestPoint(to point: PlanarPoint) -> Double {
        let dx = end.x - start.x, dy = end.y - start.y
        let lengthSquared = dx * dx + dy * dy
        guard lengthSquared > 0 else { return 0 }
        let t = ((point.x - start.x) * dx + (point.y - start.y) * dy) / lengthSquared
        return min(1, max(0, t))
    }

    /// The point of the segment at `fraction` of its length.
    @inlinable public func point(atFraction fraction: Double) -> PlanarPoint {
        PlanarPoint(x: start.x + (end.x - start.x) * fraction, y: start.y + (end.y - start.y) * fraction)
    }

    /// Distance in metres from `point` to the nearest point of the segment.
    @inlinable public func distance(to point: PlanarPoint) -> Double {
        self.point(atFraction: fractionOfNearestPoint(to: point)).distance(to: point)
    }

    /// Whether the two segments cross at a point interior to both (touching ends do not count).
    public func properlyIntersects(_ other: PlanarSegment) -> Bool {
        let d1 = Self.orientation(other.start, other.end, start)
        let d2 = Self.orientation(other.start, other.end, end)
        let d3 = Self.orientation(start, end, other.start)
        let d4 = Self.orientation(start, end, other.end)
        return d1 * d2 < 0 && d3 * d4 < 0
    }

    private static func orientation(_ a: PlanarPoint, _ b: PlanarPoint, _ c: PlanarPoint) -> Double {
        (b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x)
    }
}
