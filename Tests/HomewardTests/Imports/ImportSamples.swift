/// Small history files shaped like the real exports (field names and nesting from the formats'
/// documentation and the sample files of dawarich, reitti and the OwnTracks Recorder).
enum ImportSamples {
    /// Google Takeout `Records.json`: an RFC 3339 `timestamp` and an older `timestampMs`, with the
    /// fields the reader ignores (`source`, `activity`, `deviceTag`).
    static let takeoutRecords = """
        {
          "locations": [{
            "latitudeE7": 515007000,
            "longitudeE7": -1246000,
            "accuracy": 12,
            "source": "WIFI",
            "deviceTag": 1234567890,
            "timestamp": "2024-01-02T03:04:05.123Z"
          }, {
            "latitudeE7": 515009000,
            "longitudeE7": -1244000,
            "accuracy": 8,
            "velocity": 2,
            "activity": [{ "activity": [{ "type": "STILL", "confidence": 100 }], "timestamp": "2024-01-02T03:05:00Z" }],
            "timestampMs": "1704164765000"
          }, {
            "latitudeE7": 4294967295,
            "longitudeE7": 139000000,
            "timestamp": "2024-01-02T03:06:05+01:00"
          }]
        }
        """

    /// The phone's Timeline export (2024 on): a path, a visit, an activity, raw signals and a profile.
    static let timeline = """
        {
          "semanticSegments": [
            { "startTime": "2024-01-02T08:00:00.000+01:00", "endTime": "2024-01-02T09:00:00.000+01:00",
              "timelinePath": [ { "point": "51.5007°, -0.1246°", "time": "2024-01-02T08:10:00.000+01:00" },
                                { "point": "geo:51.501,-0.125", "time": "2024-01-02T08:12:00.000+01:00" } ] },
            { "startTime": "2024-01-02T09:00:00.000+01:00", "endTime": "2024-01-02T17:00:00.000+01:00",
              "visit": { "hierarchyLevel": 0, "probability": 0.93,
                         "topCandidate": { "placeId": "ChIJ", "semanticType": "WORK", "probability": 0.8,
                                           "placeLocation": { "latLng": "51.5136°, -0.0983°" } } } },
            { "startTime": "2024-01-02T17:00:00.000+01:00", "endTime": "2024-01-02T17:40:00.000+01:00",
              "activity": { "start": { "latLng": "51.5136°, -0.0983°" }, "end": { "latLng": "51.5007°, -0.1246°" },
                            "distanceMeters": 2400.5, "topCandidate": { "type": "WALKING", "probability": 0.9 } } }
          ],
          "rawSignals": [
            { "position": { "LatLng": "51.5008°, -0.1245°", "accuracyMeters": 13, "altitudeMeters": 31.2, "source": "WIFI",
                            "timestamp": "2024-01-02T18:00:00.000+01:00", "speedMetersPerSecond": 0.0 } },
            { "wifiScan": { "deliveryTime": "2024-01-02T18:01:00.000+01:00", "devicesRecords": [] } }
          ],
          "userLocationProfile": { "frequentPlaces": [ { "placeId": "ChIJ", "placeLocation": "51.5007°, -0.1246°", "label": "HOME" } ] }
        }
        """

    /// A Semantic Location History monthly file (`2024_JANUARY.json`).
    static let semanticHistory = """
        {"timelineObjects": [
          {"activitySegment": {
            "startLocation": {"latitudeE7": 515007000, "longitudeE7": -1246000},
            "endLocation": {"latitudeE7": 515136000, "longitudeE7": -983000},
            "duration": {"startTimestamp": "2024-01-02T08:00:00Z", "endTimestamp": "2024-01-02T08:30:00.000Z"},
            "distance": 2400, "activityType": "WALKING", "confidence": "HIGH",
            "simplifiedRawPath": {"points": [{"latE7": 515070000, "lngE7": -1110000, "accuracyMeters": 10, "timestamp": "2024-01-02T08:15:00Z"}]}
          }},
          {"placeVisit": {
            "location": {"latitudeE7": 515136000, "longitudeE7": -983000, "placeId": "ChIJ", "address": "1 Street, London"},
            "duration": {"startTimestampMs": "1704184200000", "endTimestampMs": "1704214800000"},
            "placeConfidence": "HIGH_CONFIDENCE"
          }}
        ]}
        """

    /// GPX 1.1 with two track points (one with hdop and speed) and a waypoint without a time.
    static let gpx = """
        <?xml version="1.0" encoding="UTF-8"?>
        <gpx version="1.1" creator="test" xmlns="http://www.topografix.com/GPX/1/1">
          <metadata><name>Day</name><time>2024-01-02T00:00:00Z</time></metadata>
          <!-- a comment with <trkpt> in it -->
          <trk><name>Walk</name><trkseg>
            <trkpt lat="51.5007" lon="-0.1246"><ele>31</ele><time>2024-01-02T08:00:00Z</time><hdop>2</hdop><speed>1.4</speed></trkpt>
            <trkpt lat='51.5009' lon='-0.1244'><time>2024-01-02T08:00:10Z</time></trkpt>
          </trkseg></trk>
        </gpx>
        """

    /// KML with a `gx:Track` of three `when`s and three `gx:coord`s.
    static let kml = """
        <?xml version="1.0" encoding="UTF-8"?>
        <kml xmlns="http://www.opengis.net/kml/2.2" xmlns:gx="http://www.google.com/kml/ext/2.2">
        <Document><name>Day</name><Placemark><name>Track</name>
          <gx:Track>
            <when>2024-01-02T08:00:00Z</when>
            <when>2024-01-02T08:00:10Z</when>
            <when>2024-01-02T08:00:20Z</when>
            <gx:coord>-0.1246 51.5007 31</gx:coord>
            <gx:coord>-0.1244 51.5009 31</gx:coord>
            <gx:coord>-0.1242 51.5011 32</gx:coord>
          </gx:Track>
        </Placemark></Document></kml>
        """

    /// CSV without a header, t in Unix seconds and RFC 3339.
    static let csv = """
        1704182400,51.5007,-0.1246,12
        2024-01-02T08:00:10Z,51.5009,-0.1244
        """

    /// OwnTracks Recorder lines: two locations and a last-will line between them.
    static let ownTracks = """
        2024-01-02T08:00:00Z\t*                 \t{"_type":"location","acc":12,"alt":31,"batt":80,"conn":"w","lat":51.5007,"lon":-0.1246,"tid":"an","tst":1704182400,"vac":3,"vel":5}
        2024-01-02T08:00:05Z\tlwt               \t{"_type":"lwt","tst":1704182405}
        2024-01-02T08:00:10Z\t*                 \t{"_type":"location","lat":51.5009,"lon":-0.1244,"tst":1704182410}
        """

    /// GeoJSON: a timed Point and a LineString with `coordTimes`.
    static let geoJSON = """
        {"type": "FeatureCollection", "features": [
          {"type": "Feature", "geometry": {"type": "Point", "coordinates": [-0.1246, 51.5007]},
           "properties": {"timestamp": "2024-01-02T08:00:00Z", "horizontal_accuracy": 12, "speed": 1.2}},
          {"type": "Feature", "geometry": {"type": "LineString", "coordinates": [[-0.1244, 51.5009], [-0.1242, 51.5011]]},
           "properties": {"coordTimes": ["2024-01-02T08:00:10Z", 1704182420]}}
        ]}
        """
}
