/// A zone boundary crossing that the person's phone detected itself (its own geofence, such as an
/// OwnTracks region named like the zone), reported with the fix taken at the crossing.
///
/// The phone's geofence has hysteresis of its own, so a crossing it reports stands in for the
/// several fixes the tracker otherwise waits for, but only when the fix reported with it agrees:
/// for an exit, the whole accuracy circle lies outside the zone; for an entry, the fix is inside.
public struct ReportedCrossing: Sendable, Equatable, Codable {
    /// Which way the phone says the person crossed.
    public enum Direction: String, Sendable, Equatable, Codable {
        /// Came into the zone.
        case entered
        /// Went out of the zone.
        case left
    }

    /// The zone crossed.
    public var zoneId: String
    /// Which way.
    public var direction: Direction

    /// Creates a reported crossing.
    public init(zoneId: String, direction: Direction) {
        self.zoneId = zoneId
        self.direction = direction
    }
}
