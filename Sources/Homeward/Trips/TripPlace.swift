import HomewardHTTP

/// A named place of a trip: `{lat, lon, name?}` (origin and destination).
public struct TripPlace: Sendable, Codable, Equatable {
    /// The longest place name accepted, in characters.
    public static let maxNameCharacters = 200

    /// Latitude in degrees.
    public var lat: Double
    /// Longitude in degrees.
    public var lon: Double
    /// What the traveller calls it, e.g. "Home".
    public var name: String?

    /// Creates a place.
    public init(lat: Double, lon: Double, name: String? = nil) {
        self.lat = lat
        self.lon = lon
        self.name = name
    }

    /// 400 naming `field` unless the coordinates are finite and in range and the name is not too long.
    func validate(as field: String) throws(HTTPError) {
        guard lat.isFinite, (-90...90).contains(lat) else {
            throw .invalidRequest("\(field).lat must be a latitude in [-90, 90].", field: "\(field).lat")
        }
        guard lon.isFinite, (-180...180).contains(lon) else {
            throw .invalidRequest("\(field).lon must be a longitude in [-180, 180].", field: "\(field).lon")
        }
        if let name, name.count > Self.maxNameCharacters {
            throw .invalidRequest(
                "\(field).name must have at most \(Self.maxNameCharacters) characters.", field: "\(field).name")
        }
    }
}
