/// How `GET /v1/accounts/{id}/locations` renders history.
enum HistoryFormat: String {
    /// `{locations, nextCursor}`, one page at a time.
    case json
    /// A GeoJSON FeatureCollection with one LineString (a Point for a single fix), streamed.
    case geojson
    /// A GPX 1.1 document with one track, streamed.
    case gpx
}
