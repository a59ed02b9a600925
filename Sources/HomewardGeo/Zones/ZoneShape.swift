/// The outline of a safe zone.
public enum ZoneShape: Sendable, Equatable, Codable {
    /// A centre and a radius.
    case circle(Circle)
    /// A polygon of up to a few kilometres across.
    case polygon(Polygon)

    /// Distance from the boundary in metres for a prepared point: positive outside, negative inside.
    public func signedDistanceToEdgeMetres(from point: SphericalPoint) -> Double {
        switch self {
        case .circle(let circle): circle.signedDistanceToEdgeMetres(from: point)
        case .polygon(let polygon): polygon.signedDistanceToEdgeMetres(from: point)
        }
    }

    /// Distance in metres from the shape's centre (circle centre or polygon centroid) for a prepared point.
    public func distanceFromCenterMetres(to point: SphericalPoint) -> Double {
        switch self {
        case .circle(let circle): circle.distanceFromCenterMetres(to: point)
        case .polygon(let polygon): polygon.distanceFromCentroidMetres(to: point)
        }
    }
}
