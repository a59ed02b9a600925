/// Where a point falls on a polyline.
public struct PolylineProjection: Sendable, Equatable {
    /// Distance along the polyline from its start to the nearest point, in metres.
    public let distanceAlongMetres: Double
    /// Distance from the point to the nearest point of the polyline, in metres.
    public let distanceFromLineMetres: Double
    /// Index of the segment holding the nearest point (segment `i` joins points `i` and `i + 1`).
    public let segmentIndex: Int
    /// The nearest point of the polyline.
    public let nearest: Coordinate
}
