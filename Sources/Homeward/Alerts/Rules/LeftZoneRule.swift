/// `left_zone`: the person left a safe zone (the zones' tracker, `GeoAlertRule`); resolved when they
/// are back inside.
public enum LeftZoneRule: AlertRule {
    public static let type = AlertType.leftZone
    public static let title = "Left a safe zone"
    public static let escalation: AlertEscalation? = AlertEscalation(minutes: 10, mayBeTurnedOff: true)
}

extension AlertType {
    /// The person left a safe zone.
    public static let leftZone = AlertType(declaring: "left_zone")
}

extension AlertCause {
    /// The person is outside the zone `id` (left_zone).
    public static func outsideZone(_ id: String) -> String { "zone:\(id)" }
}
