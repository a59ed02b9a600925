/// `expected_missed`: a zone's "there by" deadline passed with the person elsewhere (the zones'
/// tracker, `GeoAlertRule`, on the alert monitor's clock); resolved when they arrive.
public enum ExpectedMissedRule: AlertRule {
    public static let type = AlertType.expectedMissed
    public static let title = "Not there in time"
}

extension AlertType {
    /// A zone's "there by" rule was not met.
    public static let expectedMissed = AlertType(declaring: "expected_missed")
}

extension AlertCause {
    /// The "there by" deadline of zone `id` passed with the person elsewhere (expected_missed).
    public static func missedArrival(_ id: String) -> String { "zone:\(id):expected" }
}
