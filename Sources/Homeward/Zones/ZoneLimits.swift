/// The limits a new safe zone is checked against, taken from `AppConfiguration` (which documents
/// each and gives its default).
public struct ZoneLimits: Sendable {
    /// Smallest radius of a circular zone (`zoneMinRadiusMetres`).
    public var minRadiusMetres: Double
    /// Largest radius of a circular zone (`zoneMaxRadiusMetres`).
    public var maxRadiusMetres: Double
    /// Most vertices of a polygonal zone (`zoneMaxPolygonVertices`).
    public var maxPolygonVertices: Int
    /// Largest distance between two vertices of a polygonal zone (`zoneMaxPolygonSpanMetres`).
    public var maxPolygonSpanMetres: Double
    /// Smallest `unaccompanied.withinMetres` (`unaccompaniedMinWithinMetres`).
    public var unaccompaniedMinWithinMetres: Double
    /// Largest `unaccompanied.withinMetres` (`unaccompaniedMaxWithinMetres`).
    public var unaccompaniedMaxWithinMetres: Double
    /// Most zones one person may have (`maxZonesPerAccount`).
    public var maxZonesPerAccount: Int
}
