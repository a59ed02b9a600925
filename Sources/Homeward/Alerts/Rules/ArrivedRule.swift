/// `arrived`: the person reached the end of a trip (`TripMonitor`).
public enum ArrivedRule: AlertRule {
    public static let type = AlertType.arrived
    public static let title = "Arrived safely"
    public static let icon = "house"
}

extension AlertType {
    /// The person arrived at the end of a trip.
    public static let arrived = AlertType(declaring: "arrived")
}
