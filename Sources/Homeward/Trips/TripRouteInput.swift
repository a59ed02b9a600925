import HomewardGeo

/// The `route` of a new trip: an encoded polyline string (precision 5) or a list of `{lat, lon}`.
public struct TripRouteInput: Sendable, Decodable, Equatable {
    /// The route's points, in order.
    public var points: [Coordinate]

    /// Creates a route from points.
    public init(points: [Coordinate]) {
        self.points = points
    }

    /// Decodes either form; a malformed polyline or an out-of-range point is a decoding error,
    /// which the HTTP layer answers with 400 naming `route`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let encoded = try? container.decode(String.self) {
            do {
                points = try EncodedPolyline.decode(encoded, precision: 5)
            } catch {
                throw DecodingError.dataCorruptedError(
                    in: container, debugDescription: "route must be an encoded polyline of precision 5")
            }
        } else {
            points = try container.decode([Coordinate].self)
        }
        guard points.allSatisfy({ $0.isValid && (-180...180).contains($0.lon) }) else {
            throw DecodingError.dataCorruptedError(
                in: container, debugDescription: "route points must have lat in [-90, 90] and lon in [-180, 180]")
        }
    }
}
