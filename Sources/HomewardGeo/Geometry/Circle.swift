/// A circle on the Earth's surface: a centre and a radius in metres.
public struct Circle: Sendable, Equatable, Codable {
    /// The centre.
    public let center: Coordinate
    /// The radius in metres.
    public let radiusMetres: Double
    private let projection: LocalProjection

    /// Creates a circle.
    public init(center: Coordinate, radiusMetres: Double) {
        self.center = center
        self.radiusMetres = radiusMetres
        projection = LocalProjection(origin: center)
    }

    /// Whether `coordinate` lies inside or on the circle.
    public func contains(_ coordinate: Coordinate) -> Bool {
        signedDistanceToEdgeMetres(from: SphericalPoint(coordinate)) <= 0
    }

    /// Distance from the edge in metres: positive outside, negative inside.
    public func signedDistanceToEdgeMetres(from coordinate: Coordinate) -> Double {
        signedDistanceToEdgeMetres(from: SphericalPoint(coordinate))
    }

    /// Distance from the edge in metres for a prepared point: positive outside, negative inside.
    public func signedDistanceToEdgeMetres(from point: SphericalPoint) -> Double {
        distanceFromCenterMetres(to: point) - radiusMetres
    }

    /// Distance from the centre in metres for a prepared point (the tangent-plane distance; exact enough
    /// within a few kilometres, and monotonic beyond).
    public func distanceFromCenterMetres(to point: SphericalPoint) -> Double {
        let p = projection.project(point)
        return (p.x * p.x + p.y * p.y).squareRoot()
    }

    private enum CodingKeys: String, CodingKey { case center, radiusMetres }

    /// Decodes a circle from its centre and radius.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            center: try container.decode(Coordinate.self, forKey: .center),
            radiusMetres: try container.decode(Double.self, forKey: .radiusMetres))
    }

    /// Encodes the centre and the radius.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(center, forKey: .center)
        try container.encode(radiusMetres, forKey: .radiusMetres)
    }
}
