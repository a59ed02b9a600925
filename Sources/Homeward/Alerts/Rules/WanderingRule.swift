/// `wandering`: movement looks like lapping, pacing or random wandering, or the person is far from
/// home outside every safe zone for too long (the zones' tracker, `GeoAlertRule`).
public enum WanderingRule: AlertRule {
    public static let type = AlertType.wandering
    public static let title = "Wandering"
}

extension AlertType {
    /// Movement looks like wandering.
    public static let wandering = AlertType(declaring: "wandering")
}

extension AlertCause {
    /// A wandering pattern (lapping, pacing, random).
    public static let wandering = "wandering"
    /// Far from home for too long.
    public static let farFromHome = "wandering:far_from_home"
}
