/// A WGS84 position in degrees: latitude north positive, longitude east positive.
public struct Coordinate: Sendable, Equatable, Hashable, Codable {
    /// Latitude in degrees, -90...90.
    public var lat: Double
    /// Longitude in degrees, -180...180 (other values are accepted and wrapped where it matters).
    public var lon: Double

    /// Creates a coordinate from degrees.
    public init(lat: Double, lon: Double) {
        self.lat = lat
        self.lon = lon
    }

    /// Whether the latitude and longitude are finite and the latitude lies within ±90°.
    public var isValid: Bool {
        lat.isFinite && lon.isFinite && abs(lat) <= 90
    }
}
