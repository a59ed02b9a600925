import Foundation
import HomewardGeo

/// A square of `WeatherLimits.cellDegrees` on a side: the weather of every place in it counts as the
/// weather at its rounded coordinates, so that episodes near each other share one request.
struct WeatherCell: Hashable, Sendable {
    /// Latitude in cells (degrees divided by the cell size, rounded).
    let latitudeIndex: Int
    /// Longitude in cells.
    let longitudeIndex: Int

    /// The cell that holds `coordinate`.
    init(_ coordinate: Coordinate) {
        latitudeIndex = Int((coordinate.lat / WeatherLimits.cellDegrees).rounded())
        longitudeIndex = Int((coordinate.lon / WeatherLimits.cellDegrees).rounded())
    }

    /// The rounded latitude, as the request writes it.
    var latitudeText: String { String(format: "%.2f", Double(latitudeIndex) * WeatherLimits.cellDegrees) }
    /// The rounded longitude, as the request writes it.
    var longitudeText: String { String(format: "%.2f", Double(longitudeIndex) * WeatherLimits.cellDegrees) }
}

/// The bounds of the weather filler that are not settings.
enum WeatherLimits {
    /// The side of a weather cell in degrees (about 11 km of latitude): one fetch serves a town.
    static let cellDegrees = 0.1
    /// How far from an episode's start a stored fix may be to stand in for its missing location.
    static let maxPositionAgeSeconds: Int64 = 3600
    /// Episodes looked at per pass.
    static let batchSize = 256
    /// The filler looks for due episodes at least this often.
    static let maxSleepSeconds = 300.0
}
