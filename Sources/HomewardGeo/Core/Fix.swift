/// One location sample as the phone reported it.
public struct Fix: Sendable, Equatable, Codable {
    /// When the phone took the fix.
    public var t: UnixSeconds
    /// Latitude in degrees.
    public var lat: Double
    /// Longitude in degrees.
    public var lon: Double
    /// Horizontal accuracy in metres (radius of 68 % confidence), when the phone reported it.
    public var accuracy: Double?
    /// Ground speed in metres per second, when the phone reported it.
    public var speed: Double?
    /// The UTC offset of the person's time zone at `t`, in seconds (the caller computes it).
    public var utcOffsetSeconds: Int

    /// Creates a fix.
    public init(
        t: UnixSeconds, lat: Double, lon: Double, accuracy: Double? = nil, speed: Double? = nil,
        utcOffsetSeconds: Int = 0
    ) {
        self.t = t
        self.lat = lat
        self.lon = lon
        self.accuracy = accuracy
        self.speed = speed
        self.utcOffsetSeconds = utcOffsetSeconds
    }

    /// The fix's position.
    public var coordinate: Coordinate {
        Coordinate(lat: lat, lon: lon)
    }
}
