/// The history files `homeward import` reads, recognised from their content.
public enum ImportFormat: String, Sendable, CaseIterable, Codable {
    /// Google Takeout's `Records.json`: `locations[]` with `latitudeE7`, `longitudeE7`, `timestamp`.
    case takeoutRecords = "takeout_records"
    /// The phone's Timeline export: `semanticSegments[]` (`timelinePath`, visits, activities) and `rawSignals[]`.
    case timeline
    /// Takeout's Semantic Location History monthly files: `timelineObjects[]` of `placeVisit`/`activitySegment`.
    case semanticHistory = "semantic_history"
    /// A GeoJSON FeatureCollection of timed Points or LineStrings with `coordTimes`.
    case geoJSON = "geojson"
    /// GPX 1.0/1.1 `trkpt` (and `rtept`, `wpt`) with `time`.
    case gpx
    /// KML with `gx:Track` (`when` and `gx:coord`).
    case kml
    /// `t,lat,lon[,accuracy[,speed]]`, with or without a header; t in Unix seconds or RFC 3339.
    case csv
    /// The OwnTracks Recorder's `.rec` lines: time, tab, type, tab, the JSON payload.
    case ownTracksRecorder = "owntracks_recorder"
}
