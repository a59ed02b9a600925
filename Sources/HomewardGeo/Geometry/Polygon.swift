/// A simple polygon of up to a few kilometres across, tested in the plane tangent at its centroid, so
/// it may straddle the antimeridian or surround a pole.
public struct Polygon: Sendable, Equatable, Codable {
    /// The vertices in order; the ring closes itself (the first vertex need not be repeated).
    public let vertices: [Coordinate]
    private let projection: LocalProjection
    private let ring: [PlanarPoint]

    /// Creates a polygon from at least three vertices (fewer make an empty polygon that contains nothing).
    public init(vertices: [Coordinate]) {
        var closed = vertices
        if closed.count > 1, closed.first == closed.last { closed.removeLast() }
        self.vertices = closed
        projection = LocalProjection(centeredOn: closed.isEmpty ? [Coordinate(lat: 0, lon: 0)] : closed)
        ring = closed.map(projection.project)
    }

    /// The centroid of the vertices (the plane's origin).
    public var centroid: Coordinate { projection.origin }

    /// Whether `coordinate` lies inside the polygon (even-odd rule).
    public func contains(_ coordinate: Coordinate) -> Bool {
        contains(projection.project(coordinate))
    }

    /// Distance in metres from `coordinate` to the nearest edge, whether inside or outside.
    public func distanceToEdgeMetres(from coordinate: Coordinate) -> Double {
        distanceToEdge(projection.project(coordinate))
    }

    /// Distance from the boundary in metres for a prepared point: positive outside, negative inside.
    public func signedDistanceToEdgeMetres(from point: SphericalPoint) -> Double {
        let p = projection.project(point)
        let distance = distanceToEdge(p)
        return contains(p) ? -distance : distance
    }

    /// Distance from the centroid in metres for a prepared point.
    public func distanceFromCentroidMetres(to point: SphericalPoint) -> Double {
        let p = projection.project(point)
        return (p.x * p.x + p.y * p.y).squareRoot()
    }

    private func contains(_ p: PlanarPoint) -> Bool {
        guard ring.count >= 3 else { return false }
        var inside = false
        var j = ring.count - 1
        for i in 0..<ring.count {
            let a = ring[i], b = ring[j]
            if (a.y > p.y) != (b.y > p.y) {
                let crossingX = a.x + (p.y - a.y) / (b.y - a.y) * (b.x - a.x)
                if p.x < crossingX { inside.toggle() }
            }
            j = i
        }
        return inside
    }

    private func distanceToEdge(_ p: PlanarPoint) -> Double {
        guard let last = ring.last else { return .infinity }
        var best = Double.infinity
        var previous = last
        for vertex in ring {
            best = min(best, PlanarSegment(from: previous, to: vertex).distance(to: p))
            previous = vertex
        }
        return best
    }

    private enum CodingKeys: String, CodingKey { case vertices }

    /// Decodes a polygon from its vertices.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(vertices: try container.decode([Coordinate].self, forKey: .vertices))
    }

    /// Encodes the vertices.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(vertices, forKey: .vertices)
    }
}
