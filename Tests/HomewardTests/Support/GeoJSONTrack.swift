/// A GeoJSON feature collection of named line strings, as the history export streams it.
struct GeoJSONTrack: Decodable {
    /// One line string with the person's name.
    struct Feature: Decodable {
        /// The feature's properties.
        struct Properties: Decodable {
            let name: String
        }

        /// The line's geometry: its type and [lon, lat, altitude?] positions.
        struct Geometry: Decodable {
            let type: String
            let coordinates: [[Double]]
        }

        let properties: Properties
        let geometry: Geometry
    }

    let features: [Feature]
}
