/// The track files `homeward replay` reads.
public enum TrackFormat: String, Sendable, CaseIterable {
    /// Comma-separated, with a header naming `t` (Unix seconds or RFC 3339), `lat`, `lon` and
    /// optionally `accuracy` (metres) and `speed` (m/s); `time`, `latitude`, `longitude`, `lng` also work.
    case csv
    /// GPX 1.0/1.1 track points (`<trkpt lat lon><time>`), route and way points alike.
    case gpx
    /// A GeoJSON FeatureCollection of Points with a `timestamp` or `time` property (as Overland
    /// posts them), or LineStrings with `coordTimes`.
    case geojson

    /// The format a file name suggests, if any.
    public init?(fileName: String) {
        let lower = fileName.lowercased()
        if lower.hasSuffix(".csv") {
            self = .csv
        } else if lower.hasSuffix(".gpx") {
            self = .gpx
        } else if lower.hasSuffix(".geojson") || lower.hasSuffix(".json") {
            self = .geojson
        } else {
            return nil
        }
    }
}
