/// A location fix as a phone posts it, in the API's units.
public struct LocationSample: Sendable, Equatable {
    /// The client's id of the sample, used to recognise resends.
    public var id: String?
    /// When the fix was taken.
    public var time: Timestamp
    /// Latitude in degrees, -90 to 90.
    public var lat: Double
    /// Longitude in degrees, -180 to 180.
    public var lon: Double
    /// Horizontal accuracy in metres, at least 0.
    public var accuracyMetres: Double?
    /// Altitude in metres.
    public var altitudeMetres: Double?
    /// Speed in metres per second, at least 0.
    public var speedMetresPerSecond: Double?
    /// Direction of travel in degrees, 0 up to 360.
    public var headingDegrees: Double?
    /// Battery charge in percent, 0 to 100.
    public var batteryPercent: Double?
    /// A geofence crossing the phone reported with this fix (tracking clients only; not in the JSON API).
    public var reportedCrossing: ReportedZoneCrossing?
    /// The phone's clock was ahead beyond `IngestLimits.maxFutureMilliseconds`: `time` is when the fix
    /// arrived instead, and the stored fix is flagged `clock_ahead` (tracking clients only).
    public var clockCorrected = false

    /// Creates a sample.
    public init(
        id: String? = nil, time: Timestamp, lat: Double, lon: Double, accuracyMetres: Double? = nil,
        altitudeMetres: Double? = nil, speedMetresPerSecond: Double? = nil, headingDegrees: Double? = nil,
        batteryPercent: Double? = nil
    ) {
        self.id = id
        self.time = time
        self.lat = lat
        self.lon = lon
        self.accuracyMetres = accuracyMetres
        self.altitudeMetres = altitudeMetres
        self.speedMetresPerSecond = speedMetresPerSecond
        self.headingDegrees = headingDegrees
        self.batteryPercent = batteryPercent
    }

    /// Moves a fix whose time lies beyond `IngestLimits.maxFutureMilliseconds` to `now` and marks it
    /// corrected: a tracking client that retries a refused fix for ever (Traccar Client) must never
    /// be refused for its phone's clock.
    mutating func correctClockAhead(receivedAt now: Timestamp) {
        guard time.unixMilliseconds > now.unixMilliseconds + IngestLimits.maxFutureMilliseconds else { return }
        time = now
        clockCorrected = true
    }

    /// The first rule of API.md this sample breaks at time `now`, if any.
    func problem(now: Timestamp) -> SampleProblem? {
        func outOfRange(_ key: String, _ rule: String) -> SampleProblem {
            SampleProblem(code: "out_of_range", key: key, message: "\(key) must be \(rule)")
        }
        if time.unixMilliseconds > now.unixMilliseconds + IngestLimits.maxFutureMilliseconds {
            return SampleProblem(code: "in_future", key: "t", message: "t must not be more than 10 minutes in the future")
        }
        if !(-90...90).contains(lat) { return outOfRange("lat", "between -90 and 90") }
        if !(-180...180).contains(lon) { return outOfRange("lon", "between -180 and 180") }
        if let accuracyMetres, accuracyMetres < 0 || accuracyMetres > Self.maxAccuracyMetres {
            return outOfRange("accuracy", "metres between 0 and \(Int(Self.maxAccuracyMetres))")
        }
        if let altitudeMetres, abs(altitudeMetres) > Self.maxAbsoluteAltitudeMetres {
            return outOfRange("altitude", "metres between -\(Int(Self.maxAbsoluteAltitudeMetres)) and \(Int(Self.maxAbsoluteAltitudeMetres))")
        }
        if let speedMetresPerSecond, speedMetresPerSecond < 0 || speedMetresPerSecond > Self.maxSpeedMetresPerSecond {
            return outOfRange("speed", "metres per second between 0 and \(Int(Self.maxSpeedMetresPerSecond))")
        }
        if let headingDegrees, headingDegrees < 0 || headingDegrees >= 360 {
            return outOfRange("heading", "degrees from 0 up to (not including) 360")
        }
        if let batteryPercent, !(0...100).contains(batteryPercent) {
            return outOfRange("battery", "a percentage between 0 and 100")
        }
        return nil
    }

    /// Accuracy above this is nonsense, not a fix (and would not fit the stored column's range).
    static let maxAccuracyMetres = 100_000.0
    /// Altitudes beyond this (ten times Everest) are nonsense.
    static let maxAbsoluteAltitudeMetres = 100_000.0
    /// Speeds beyond this (a jet) are nonsense.
    static let maxSpeedMetresPerSecond = 1_000.0
}

extension LocationSample: IngestSample {
    static let fieldNames = ["id", "t", "lat", "lon", "accuracy", "altitude", "speed", "heading", "battery"]
    static let fieldNameBytes = fieldNames.map { Array($0.utf8) }

    init(fields: SampleFields) throws(SampleProblem) {
        self.init(
            id: try fields.optionalString("id", maxBytes: IngestLimits.maxSampleIDBytes),
            time: try fields.time("t"),
            lat: try fields.number("lat"),
            lon: try fields.number("lon"),
            accuracyMetres: try fields.optionalNumber("accuracy"),
            altitudeMetres: try fields.optionalNumber("altitude"),
            speedMetresPerSecond: try fields.optionalNumber("speed"),
            headingDegrees: try fields.optionalNumber("heading"),
            batteryPercent: try fields.optionalNumber("battery")
        )
    }
}
