#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif

/// Conversions and wrapping of angles.
public enum Angle {
    /// Radians from degrees.
    @inlinable public static func radians(_ degrees: Double) -> Double { degrees * .pi / 180 }

    /// Degrees from radians.
    @inlinable public static func degrees(_ radians: Double) -> Double { radians * 180 / .pi }

    /// The same angle in -π...π.
    public static func wrappedRadians(_ radians: Double) -> Double {
        var value = remainder(radians, 2 * .pi)
        if value == -.pi { value = .pi }
        return value
    }

    /// The same direction in 0..<360 degrees.
    public static func normalizedDegrees(_ degrees: Double) -> Double {
        let value = fmod(degrees, 360)
        let positive = value < 0 ? value + 360 : value
        return positive >= 360 ? 0 : positive
    }
}
