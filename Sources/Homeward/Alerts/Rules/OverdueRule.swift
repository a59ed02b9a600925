/// `overdue`: a trip is late at its destination (`TripMonitor`).
public enum OverdueRule: AlertRule {
    public static let type = AlertType.overdue
    public static let title = "Overdue"
}

extension AlertType {
    /// A trip is late.
    public static let overdue = AlertType(declaring: "overdue")
}
