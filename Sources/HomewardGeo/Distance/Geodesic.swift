#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif

/// Distances and bearings on the WGS84 ellipsoid (Vincenty's inverse formula), for anything shown to a user.
public enum Geodesic {
    /// WGS84 semi-major axis in metres.
    public static let semiMajorAxisMetres = 6_378_137.0
    /// WGS84 flattening.
    public static let flattening = 1 / 298.257_223_563
    /// WGS84 semi-minor axis in metres.
    public static let semiMinorAxisMetres = semiMajorAxisMetres * (1 - flattening)
    /// Iterations after which Vincenty's method is declared not converging.
    public static let maximumIterations = 200
    /// Convergence tolerance on the auxiliary longitude, in radians (about 0.006 mm).
    public static let convergenceToleranceRadians = 1e-12

    /// Solves the inverse problem from `start` to `end`; near-antipodal points where Vincenty does
    /// not converge fall back to the great circle on the mean sphere (within 0.12 % there).
    public static func inverse(from start: Coordinate, to end: Coordinate) -> GeodesicSolution {
        let a = semiMajorAxisMetres, b = semiMinorAxisMetres, f = flattening
        let longitudeDifference = Angle.wrappedRadians(Angle.radians(end.lon - start.lon))
        let reducedStart = atan((1 - f) * tan(Angle.radians(start.lat)))
        let reducedEnd = atan((1 - f) * tan(Angle.radians(end.lat)))
        let sinU1 = sin(reducedStart), cosU1 = cos(reducedStart)
        let sinU2 = sin(reducedEnd), cosU2 = cos(reducedEnd)

        var lambda = longitudeDifference
        var sinSigma = 0.0, cosSigma = 0.0, sigma = 0.0, cosSquaredAlpha = 0.0, cos2SigmaM = 0.0
        var sinLambda = 0.0, cosLambda = 0.0
        var converged = false
        for _ in 0..<maximumIterations {
            sinLambda = sin(lambda)
            cosLambda = cos(lambda)
            let term = cosU1 * sinU2 - sinU1 * cosU2 * cosLambda
            sinSigma = (cosU2 * sinLambda * cosU2 * sinLambda + term * term).squareRoot()
            if sinSigma == 0 {
                return GeodesicSolution(distanceMetres: 0, initialBearingDegrees: 0, isEllipsoidal: true)
            }
            cosSigma = sinU1 * sinU2 + cosU1 * cosU2 * cosLambda
            sigma = atan2(sinSigma, cosSigma)
            let sinAlpha = cosU1 * cosU2 * sinLambda / sinSigma
            cosSquaredAlpha = 1 - sinAlpha * sinAlpha
            cos2SigmaM = cosSquaredAlpha != 0 ? cosSigma - 2 * sinU1 * sinU2 / cosSquaredAlpha : 0
            let c = f / 16 * cosSquaredAlpha * (4 + f * (4 - 3 * cosSquaredAlpha))
            let previous = lambda
            lambda = longitudeDifference + (1 - c) * f * sinAlpha
                * (sigma + c * sinSigma * (cos2SigmaM + c * cosSigma * (-1 + 2 * cos2SigmaM * cos2SigmaM)))
            if abs(lambda) > .pi { break }
            if abs(lambda - previous) < convergenceToleranceRadians {
                converged = true
                break
            }
        }
        guard converged else {
            return GeodesicSolution(
                distanceMetres: Haversine.distanceMetres(from: start, to: end),
                initialBearingDegrees: Haversine.initialBearingDegrees(from: start, to: end),
                isEllipsoidal: false)
        }
        let uSquared = cosSquaredAlpha * (a * a - b * b) / (b * b)
        let bigA = 1 + uSquared / 16_384 * (4_096 + uSquared * (-768 + uSquared * (320 - 175 * uSquared)))
        let bigB = uSquared / 1_024 * (256 + uSquared * (-128 + uSquared * (74 - 47 * uSquared)))
        let deltaSigma = bigB * sinSigma * (cos2SigmaM + bigB / 4 * (cosSigma * (-1 + 2 * cos2SigmaM * cos2SigmaM)
            - bigB / 6 * cos2SigmaM * (-3 + 4 * sinSigma * sinSigma) * (-3 + 4 * cos2SigmaM * cos2SigmaM)))
        let distance = b * bigA * (sigma - deltaSigma)
        let bearing = atan2(cosU2 * sinLambda, cosU1 * sinU2 - sinU1 * cosU2 * cosLambda)
        return GeodesicSolution(
            distanceMetres: distance, initialBearingDegrees: Angle.normalizedDegrees(Angle.degrees(bearing)),
            isEllipsoidal: true)
    }

    /// Geodesic distance in metres between two points on the WGS84 ellipsoid.
    public static func distanceMetres(from start: Coordinate, to end: Coordinate) -> Double {
        inverse(from: start, to: end).distanceMetres
    }

    /// Initial geodesic bearing from `start` towards `end`, degrees clockwise from north, 0..<360.
    public static func initialBearingDegrees(from start: Coordinate, to end: Coordinate) -> Double {
        inverse(from: start, to: end).initialBearingDegrees
    }
}
