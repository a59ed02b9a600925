import HomewardGeo

/// `expected_missed`: a zone's "there by" deadline passed with the person elsewhere (the zones'
/// tracker, on the alert monitor's clock too); resolved when they arrive (`EnteredZoneRule`).
public enum ExpectedMissedRule: GeoEventAlertRule {
    public static let type = AlertType.expectedMissed
    public static let title = "Not there in time"

    public static func actions(for event: GeoEvent, at moment: GeoAlertMoment) -> [AlertAction] {
        guard case .expectedMissed(let id) = event else { return [] }
        let zone = moment.zones[id]
        return [.raise(AlertRequest(
            type: .expectedMissed, cause: AlertCause.missedArrival(id),
            message: "Not at \(zone?.name ?? "the zone") by \(zone?.expected?.arriveBy ?? "the deadline").",
            location: moment.location))]
    }
}

extension AlertType {
    /// A zone's "there by" rule was not met.
    public static let expectedMissed = AlertType(declaring: "expected_missed")
}

extension AlertCause {
    /// The "there by" deadline of zone `id` passed with the person elsewhere (expected_missed).
    public static func missedArrival(_ id: String) -> String { "zone:\(id):expected" }
}
