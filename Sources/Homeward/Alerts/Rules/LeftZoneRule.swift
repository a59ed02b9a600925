import HomewardGeo

/// `left_zone`: the person left a safe zone (the zones' tracker); resolved when they are back
/// inside. Leaving also ends the zone's `entered_zone` alert.
public enum LeftZoneRule: GeoEventAlertRule {
    public static let type = AlertType.leftZone
    public static let title = "Left a safe zone"
    public static let escalation: AlertEscalation? = AlertEscalation(minutes: 10, mayBeTurnedOff: true)

    public static func actions(for event: GeoEvent, at moment: GeoAlertMoment) -> [AlertAction] {
        guard case .leftZone(let id) = event else { return [] }
        let name = moment.zones[id]?.name ?? "a safe zone"
        let atNight = moment.events.contains { if case .leftHomeAtNight(id) = $0 { true } else { false } }
        return [
            .resolve(cause: AlertCause.enteredZone(id)),
            .raise(AlertRequest(
                type: .leftZone, cause: AlertCause.outsideZone(id), message: atNight ? "Left \(name) at night." : "Left \(name).",
                location: moment.location)),
        ]
    }
}

extension AlertType {
    /// The person left a safe zone.
    public static let leftZone = AlertType(declaring: "left_zone")
}

extension AlertCause {
    /// The person is outside the zone `id` (left_zone).
    public static func outsideZone(_ id: String) -> String { "zone:\(id)" }
}
