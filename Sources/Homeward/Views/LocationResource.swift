import HomewardHTTP

/// A position as the API shows it: `{t, lat, lon, accuracy, altitude, speed, heading, battery}`.
public struct LocationResource: Sendable, Equatable, Encodable {
    /// When the fix was taken.
    public var t: Timestamp
    /// Latitude in degrees.
    public var lat: Double
    /// Longitude in degrees.
    public var lon: Double
    /// Horizontal accuracy in metres, or null.
    public var accuracy: Double?
    /// Altitude in metres, or null.
    public var altitude: Double?
    /// Speed in metres per second, or null.
    public var speed: Double?
    /// Direction of travel in degrees, or null.
    public var heading: Double?
    /// Battery charge in percent, or null.
    public var battery: Double?

    /// The resource of a stored fix.
    public init(_ fix: StoredLocation) {
        t = fix.time
        lat = fix.lat
        lon = fix.lon
        accuracy = fix.accuracyMetres
        altitude = fix.altitudeMetres
        speed = fix.speedMetresPerSecond
        heading = fix.headingDegrees
        battery = fix.batteryPercent
    }

    /// Writes the same JSON as `encode(to:)` with sorted keys, without `JSONEncoder` (location
    /// events and ingest run this once per fix).
    public func write(into json: inout JSONBuilder) {
        json.beginObject()
        json.key("accuracy")
        json.number(accuracy)
        json.key("altitude")
        json.number(altitude)
        json.key("battery")
        json.number(battery)
        json.key("heading")
        json.number(heading)
        json.key("lat")
        json.number(lat)
        json.key("lon")
        json.number(lon)
        json.key("speed")
        json.number(speed)
        json.key("t")
        json.string(t.rfc3339)
        json.endObject()
    }

    private enum CodingKeys: String, CodingKey {
        case t, lat, lon, accuracy, altitude, speed, heading, battery
    }

    /// Encodes every field, absent measures as null.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(t, forKey: .t)
        try container.encode(lat, forKey: .lat)
        try container.encode(lon, forKey: .lon)
        try container.encode(accuracy, forKey: .accuracy)
        try container.encode(altitude, forKey: .altitude)
        try container.encode(speed, forKey: .speed)
        try container.encode(heading, forKey: .heading)
        try container.encode(battery, forKey: .battery)
    }
}
