/// A position in a zone request or response: `{lat, lon}` in degrees.
public struct ZonePoint: Sendable, Codable, Equatable {
    /// Latitude in degrees.
    public var lat: Double
    /// Longitude in degrees.
    public var lon: Double

    /// Creates a point.
    public init(lat: Double, lon: Double) {
        self.lat = lat
        self.lon = lon
    }

    /// Whether both coordinates are finite and in range.
    var isValid: Bool {
        lat.isFinite && lon.isFinite && (-90...90).contains(lat) && (-180...180).contains(lon)
    }
}
