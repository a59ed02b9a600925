/// `danger`: a countdown the person started (`POST /v1/alerts/countdown`) ran out without being
/// cancelled; raised pending by `AlertService.startCountdown`, fired by the `CountdownScheduler`.
public enum DangerRule: AlertRule {
    public static let type = AlertType.danger
    public static let title = "Countdown ran out"
    public static let callsForHelp = true
    public static let icon = "rotating_light"
    public static let escalation: AlertEscalation? = AlertEscalation(minutes: 3)
}

extension AlertType {
    /// A countdown ran out without being cancelled.
    public static let danger = AlertType(declaring: "danger")
}

extension AlertCause {
    /// A countdown; each is its own cause.
    public static func countdown(_ id: String) -> String { "countdown:\(id)" }
}
