#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif

/// A coordinate with its sines and cosines computed once, so that it can be projected onto many planes cheaply.
public struct SphericalPoint: Sendable, Equatable {
    /// Sine of the latitude.
    public let sinLat: Double
    /// Cosine of the latitude.
    public let cosLat: Double
    /// Sine of the longitude.
    public let sinLon: Double
    /// Cosine of the longitude.
    public let cosLon: Double

    /// Prepares `coordinate` for projection.
    public init(_ coordinate: Coordinate) {
        let lat = Angle.radians(coordinate.lat), lon = Angle.radians(coordinate.lon)
        sinLat = sin(lat)
        cosLat = cos(lat)
        sinLon = sin(lon)
        cosLon = cos(lon)
    }
}
