import HomewardGeo

/// `entered_zone`: the person entered a safe zone that asks to be told (`notifyOnEnter`; the zones'
/// tracker); resolved when they leave it. Entering any zone also ends its `left_zone`,
/// `expected_missed` and `unaccompanied` alerts.
public enum EnteredZoneRule: GeoEventAlertRule {
    public static let type = AlertType.enteredZone
    public static let title = "Entered a safe zone"
    public static let icon = "house"

    public static func actions(for event: GeoEvent, at moment: GeoAlertMoment) -> [AlertAction] {
        guard case .enteredZone(let id) = event else { return [] }
        var actions: [AlertAction] = [
            .resolve(cause: AlertCause.outsideZone(id)),
            .resolve(cause: AlertCause.missedArrival(id)),
            .resolve(cause: AlertCause.unaccompanied(id)),
        ]
        if let zone = moment.zones[id], zone.notifyOnEnter {
            actions.append(.raise(AlertRequest(
                type: .enteredZone, cause: AlertCause.enteredZone(id), message: "Arrived at \(zone.name).", location: moment.location)))
        }
        return actions
    }
}

extension AlertType {
    /// The person entered a safe zone (when asked for).
    public static let enteredZone = AlertType(declaring: "entered_zone")
}

extension AlertCause {
    /// The person entered the zone `id` (entered_zone, when the zone asks for it).
    public static func enteredZone(_ id: String) -> String { "zone:\(id):entered" }
}
