import HomewardStore

/// `sos`: the person called for help, from the app (`POST /v1/alerts`) or a tracking client's SOS
/// button (Traccar Client's `alarm=sos`); both go through `AlertService.raiseSOS`, on the urgent lane.
public enum SOSRule: AlertRule {
    public static let type = AlertType.sos
    public static let title = "SOS"
    public static let callsForHelp = true
    public static let icon = "rotating_light"
    public static let escalation: AlertEscalation? = AlertEscalation(minutes: 3)

    /// What an SOS says when a tracking client sent it.
    static let clientMessage = "SOS from Traccar Client."
}

extension AlertType {
    /// The person pressed SOS.
    public static let sos = AlertType(declaring: "sos")
}

extension AlertCause {
    /// An SOS; each press is its own cause.
    public static func sos(_ id: String) -> String { "sos:\(id)" }
    /// An SOS a tracking client sent with its fix of `time` (Traccar Client's `alarm=sos`): the same
    /// cause when the app resends it, so a retried SOS is raised once.
    public static func clientSOS(at time: Timestamp) -> String { "sos:client:\(time.unixMilliseconds)" }
}
