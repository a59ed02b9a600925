/// `stalled`: a trip has not progressed for too long (`TripMonitor`).
public enum StalledRule: AlertRule {
    public static let type = AlertType.stalled
    public static let title = "Trip stalled"
}

extension AlertType {
    /// A trip has not progressed for too long.
    public static let stalled = AlertType(declaring: "stalled")
}
