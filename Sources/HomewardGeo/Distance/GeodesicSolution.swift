/// The answer to the inverse geodesic problem between two points.
public struct GeodesicSolution: Sendable, Equatable {
    /// Length of the shortest path on the ellipsoid, in metres.
    public let distanceMetres: Double
    /// Initial bearing at the start, degrees clockwise from true north, 0..<360.
    public let initialBearingDegrees: Double
    /// False when Vincenty's iteration did not converge (near-antipodal points) and the spherical
    /// fallback answered instead.
    public let isEllipsoidal: Bool
}
