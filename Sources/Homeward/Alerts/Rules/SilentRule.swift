/// `silent`: a monitored person's phone has not been heard for longer than its learned rhythm allows
/// (`AlertMonitor`, with `ReportingObserver`); resolved by their next fix (`ZoneObserver`).
public enum SilentRule: AlertRule {
    public static let type = AlertType.silent
    public static let title = "Phone silent"
    public static let icon = "zzz"
}

extension AlertType {
    /// No heartbeat for too long.
    public static let silent = AlertType(declaring: "silent")
}

extension AlertCause {
    /// No heartbeat for too long.
    public static let silent = "silent"
}
