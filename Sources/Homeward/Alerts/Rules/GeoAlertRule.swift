import HomewardGeo

/// What the tracker's events ask of the alerts: which alerts to raise and which causes to resolve,
/// in order. Each event is decided by its rule's file (`GeoEventAlertRule`: `LeftZoneRule`,
/// `EnteredZoneRule`, `WanderingRule`, `ExpectedMissedRule`); this asks them in one place, so the
/// live observer and `homeward replay` raise the same alerts with the same messages.
public enum GeoAlertRule {
    /// One step: raise an alert, or resolve the active alert of a cause.
    public typealias Action = AlertAction

    /// The actions for the events the tracker raised at one fix (or clock reading) at `location`.
    public static func actions(
        for events: [GeoEvent], location: AlertResource.Location?, zones: [String: ZoneResource]
    ) -> [Action] {
        let moment = GeoAlertMoment(events: events, location: location, zones: zones)
        return events.flatMap { event in AlertRules.geoRules.flatMap { $0.actions(for: event, at: moment) } }
    }
}
