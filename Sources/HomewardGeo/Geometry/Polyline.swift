/// A path of coordinates with cumulative lengths, onto which positions can be projected.
public struct Polyline: Sendable, Equatable, Codable {
    /// The points of the path, in order.
    public let points: [Coordinate]
    /// Distance along the path from its start to each point, in metres.
    public let cumulativeMetres: [Double]
    private let planes: [LocalProjection]

    /// Creates a polyline (consecutive duplicate points make zero-length segments, which are harmless).
    public init(points: [Coordinate]) {
        self.points = points
        var cumulative = [Double](repeating: 0, count: points.count)
        var planes: [LocalProjection] = []
        planes.reserveCapacity(max(0, points.count - 1))
        for index in points.indices.dropLast() {
            let plane = LocalProjection(origin: points[index])
            planes.append(plane)
            cumulative[index + 1] = cumulative[index] + plane.project(points[index + 1]).distance(to: PlanarPoint(x: 0, y: 0))
        }
        cumulativeMetres = cumulative
        self.planes = planes
    }

    /// Total length in metres.
    public var lengthMetres: Double { cumulativeMetres.last ?? 0 }

    /// Projects `coordinate` onto the nearest point of the polyline, considering only the parts that lie
    /// between `alongRange` metres from the start when it is given (ties go to the earliest part).
    public func project(_ coordinate: Coordinate, within alongRange: ClosedRange<Double>? = nil) -> PolylineProjection? {
        guard let first = points.first else { return nil }
        guard points.count > 1 else {
            return PolylineProjection(
                distanceAlongMetres: 0, distanceFromLineMetres: Haversine.distanceMetres(from: first, to: coordinate),
                segmentIndex: 0, nearest: first)
        }
        let prepared = SphericalPoint(coordinate)
        var best: (distance: Double, along: Double, index: Int, nearest: PlanarPoint)?
        for index in planes.indices {
            let startAlong = cumulativeMetres[index], endAlong = cumulativeMetres[index + 1]
            if let range = alongRange, endAlong < range.lowerBound || startAlong > range.upperBound { continue }
            let plane = planes[index]
            let segment = PlanarSegment(from: PlanarPoint(x: 0, y: 0), to: plane.project(points[index + 1]))
            let p = plane.project(prepared)
            var fraction = segment.fractionOfNearestPoint(to: p)
            if let range = alongRange, endAlong > startAlong {
                let length = endAlong - startAlong
                fraction = min(max(fraction, (range.lowerBound - startAlong) / length), (range.upperBound - startAlong) / length)
                fraction = min(1, max(0, fraction))
            }
            let nearest = segment.point(atFraction: fraction)
            let distance = nearest.distance(to: p)
            if distance < best?.distance ?? .infinity {
                best = (distance, startAlong + fraction * (endAlong - startAlong), index, nearest)
            }
        }
        guard let found = best else { return nil }
        return PolylineProjection(
            distanceAlongMetres: found.along, distanceFromLineMetres: found.distance, segmentIndex: found.index,
            nearest: planes[found.index].unproject(found.nearest))
    }

    private enum CodingKeys: String, CodingKey { case points }

    /// Decodes a polyline from its points.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(points: try container.decode([Coordinate].self, forKey: .points))
    }

    /// Encodes the points.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(points, forKey: .points)
    }
}
