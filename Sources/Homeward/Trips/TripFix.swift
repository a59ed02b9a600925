/// A position of the traveller at a moment: `{t, lat, lon, accuracy?}`.
public struct TripFix: Sendable, Codable, Equatable {
    /// When it was taken.
    public var t: Timestamp
    /// Latitude in degrees.
    public var lat: Double
    /// Longitude in degrees.
    public var lon: Double
    /// Accuracy in metres, when known.
    public var accuracy: Double?
}
