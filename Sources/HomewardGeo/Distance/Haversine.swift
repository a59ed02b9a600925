#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif

/// Great-circle distance on a sphere of the Earth's mean radius: fast, for thresholds only.
public enum Haversine {
    /// IUGG mean Earth radius in metres.
    public static let meanEarthRadiusMetres = 6_371_008.8

    /// Great-circle distance in metres.
    public static func distanceMetres(from start: Coordinate, to end: Coordinate) -> Double {
        let lat1 = Angle.radians(start.lat), lat2 = Angle.radians(end.lat)
        let dLat = lat2 - lat1
        let dLon = Angle.radians(end.lon - start.lon)
        let sinLat = sin(dLat / 2), sinLon = sin(dLon / 2)
        let h = sinLat * sinLat + cos(lat1) * cos(lat2) * sinLon * sinLon
        return 2 * meanEarthRadiusMetres * asin(min(1, h.squareRoot()))
    }

    /// Initial great-circle bearing from `start` towards `end`, degrees clockwise from north, 0..<360.
    public static func initialBearingDegrees(from start: Coordinate, to end: Coordinate) -> Double {
        let lat1 = Angle.radians(start.lat), lat2 = Angle.radians(end.lat)
        let dLon = Angle.radians(end.lon - start.lon)
        let y = sin(dLon) * cos(lat2)
        let x = cos(lat1) * sin(lat2) - sin(lat1) * cos(lat2) * cos(dLon)
        return Angle.normalizedDegrees(Angle.degrees(atan2(y, x)))
    }
}
