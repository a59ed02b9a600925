/// A stored location fix as the real-time reactions (zones, wandering, trips, alerts) see it.
public struct ObservedFix: Sendable, Equatable {
    /// When the fix was taken.
    public var time: Timestamp
    /// Latitude in degrees.
    public var lat: Double
    /// Longitude in degrees.
    public var lon: Double
    /// Horizontal accuracy in metres, when the phone said.
    public var accuracyMetres: Double?
    /// Speed in metres per second, when the phone said.
    public var speedMetresPerSecond: Double?
    /// Battery charge in percent, when the phone said.
    public var batteryPercent: Double?
    /// False when ingest flagged the fix (poor accuracy, impossible jump): stored, but not to be
    /// trusted by detectors.
    public var isReliable: Bool
    /// A geofence crossing the phone reported with this fix, if any.
    public var reportedCrossing: ReportedZoneCrossing?

    /// Creates a fix.
    public init(
        time: Timestamp, lat: Double, lon: Double, accuracyMetres: Double? = nil,
        speedMetresPerSecond: Double? = nil, batteryPercent: Double? = nil, isReliable: Bool = true,
        reportedCrossing: ReportedZoneCrossing? = nil
    ) {
        self.time = time
        self.lat = lat
        self.lon = lon
        self.accuracyMetres = accuracyMetres
        self.speedMetresPerSecond = speedMetresPerSecond
        self.batteryPercent = batteryPercent
        self.isReliable = isReliable
        self.reportedCrossing = reportedCrossing
    }
}
