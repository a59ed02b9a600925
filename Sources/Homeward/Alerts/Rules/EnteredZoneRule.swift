/// `entered_zone`: the person entered a safe zone that asks to be told (`notifyOnEnter`; the zones'
/// tracker, `GeoAlertRule`); resolved when they leave it.
public enum EnteredZoneRule: AlertRule {
    public static let type = AlertType.enteredZone
    public static let title = "Entered a safe zone"
    public static let icon = "house"
}

extension AlertType {
    /// The person entered a safe zone (when asked for).
    public static let enteredZone = AlertType(declaring: "entered_zone")
}

extension AlertCause {
    /// The person entered the zone `id` (entered_zone, when the zone asks for it).
    public static func enteredZone(_ id: String) -> String { "zone:\(id):entered" }
}
