/// A location fix as the database keeps it (`locations`, `latest_locations`), in the API's units.
public struct StoredLocation: Sendable, Equatable {
    /// When the fix was taken.
    public var time: Timestamp
    /// `SampleIdentity.hash(of:)` of the client's id.
    public var sampleHash: Int64
    /// Latitude in degrees.
    public var lat: Double
    /// Longitude in degrees.
    public var lon: Double
    /// Horizontal accuracy in metres.
    public var accuracyMetres: Double?
    /// Altitude in metres.
    public var altitudeMetres: Double?
    /// Speed in metres per second.
    public var speedMetresPerSecond: Double?
    /// Direction of travel in degrees.
    public var headingDegrees: Double?
    /// Battery charge in percent.
    public var batteryPercent: Double?
    /// Why detectors ignore it, if they do.
    public var flags: SampleFlags

    /// Creates a stored fix.
    public init(
        time: Timestamp, sampleHash: Int64, lat: Double, lon: Double, accuracyMetres: Double? = nil,
        altitudeMetres: Double? = nil, speedMetresPerSecond: Double? = nil, headingDegrees: Double? = nil,
        batteryPercent: Double? = nil, flags: SampleFlags = []
    ) {
        self.time = time
        self.sampleHash = sampleHash
        self.lat = lat
        self.lon = lon
        self.accuracyMetres = accuracyMetres
        self.altitudeMetres = altitudeMetres
        self.speedMetresPerSecond = speedMetresPerSecond
        self.headingDegrees = headingDegrees
        self.batteryPercent = batteryPercent
        self.flags = flags
    }

    /// The fix of a posted sample, with the flags ingest gave it.
    init(_ sample: LocationSample, flags: SampleFlags) {
        self.init(
            time: sample.time, sampleHash: SampleIdentity.hash(of: sample.id), lat: sample.lat, lon: sample.lon,
            accuracyMetres: sample.accuracyMetres, altitudeMetres: sample.altitudeMetres,
            speedMetresPerSecond: sample.speedMetresPerSecond, headingDegrees: sample.headingDegrees,
            batteryPercent: sample.batteryPercent, flags: flags
        )
    }

    /// Whether detectors may trust it.
    public var isReliable: Bool { flags.isEmpty }

    /// The fix as the real-time reactions see it.
    public var observed: ObservedFix {
        ObservedFix(
            time: time, lat: lat, lon: lon, accuracyMetres: accuracyMetres, speedMetresPerSecond: speedMetresPerSecond,
            batteryPercent: batteryPercent, isReliable: isReliable
        )
    }
}
