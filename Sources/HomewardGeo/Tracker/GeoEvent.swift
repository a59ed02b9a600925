/// Something the guardians may need to be told, raised by `PersonTracker`.
public enum GeoEvent: Sendable, Equatable, Codable {
    /// Confirmed entry into a zone (only while the zone's schedule is active).
    case enteredZone(zoneId: String)
    /// Confirmed exit from a zone (only while the zone's schedule is active).
    case leftZone(zoneId: String)
    /// The exit from a home zone happened at night (the configured night window).
    case leftHomeAtNight(zoneId: String)
    /// A wandering pattern was seen and confirmed.
    case wanderingStarted(pattern: WanderingPattern, score: Double)
    /// The wandering episode is over.
    case wanderingEnded
    /// Far from home and outside every safe zone, for the confirmation time.
    case farFromHome(distanceMetres: Double)
    /// Back near home or inside a safe zone after `farFromHome`.
    case farFromHomeEnded
    /// A "be here by" deadline passed while the person was not in the zone.
    case expectedMissed(zoneId: String)
    /// The motion state changed.
    case stateChanged(MotionState)
}
