import Foundation
import HomewardGeo

/// What the tracker's events ask of the alerts: which alerts to raise and which causes to resolve,
/// in order. Decided here once, so the live observer and `homeward replay` raise the same alerts
/// with the same messages.
public enum GeoAlertRule {
    /// One step: raise an alert, or resolve the active alert of a cause.
    public enum Action: Sendable, Equatable {
        /// Raise this alert (nothing happens while one of its cause is active).
        case raise(AlertRequest)
        /// Resolve the active alert of this cause, if any.
        case resolve(cause: String)
    }

    /// The actions for the events the tracker raised at one fix (or clock reading) at `location`.
    public static func actions(
        for events: [GeoEvent], location: AlertResource.Location?, zones: [String: ZoneResource]
    ) -> [Action] {
        var actions: [Action] = []
        let nightExits = Set(events.compactMap { event -> String? in
            if case .leftHomeAtNight(let id) = event { return id }
            return nil
        })
        for event in events {
            switch event {
            case .leftZone(let id):
                let name = zones[id]?.name ?? "a safe zone"
                actions.append(.resolve(cause: AlertCause.enteredZone(id)))
                let message = nightExits.contains(id) ? "Left \(name) at night." : "Left \(name)."
                actions.append(.raise(AlertRequest(
                    type: .leftZone, cause: AlertCause.outsideZone(id), message: message, location: location)))
            case .enteredZone(let id):
                actions.append(.resolve(cause: AlertCause.outsideZone(id)))
                actions.append(.resolve(cause: AlertCause.missedArrival(id)))
                actions.append(.resolve(cause: AlertCause.unaccompanied(id)))
                if let zone = zones[id], zone.notifyOnEnter {
                    actions.append(.raise(AlertRequest(
                        type: .enteredZone, cause: AlertCause.enteredZone(id), message: "Arrived at \(zone.name).",
                        location: location)))
                }
            case .wanderingStarted(let pattern, let score):
                actions.append(.raise(AlertRequest(
                    type: .wandering, cause: AlertCause.wandering,
                    message: "Movement looks like \(pattern.rawValue) (score \(String(format: "%.2f", score))).",
                    location: location)))
            case .wanderingEnded:
                actions.append(.resolve(cause: AlertCause.wandering))
            case .farFromHome(let distance):
                actions.append(.raise(AlertRequest(
                    type: .wandering, cause: AlertCause.farFromHome,
                    message: "Far from home (\(Int(distance.rounded())) m) and outside every safe zone.",
                    location: location)))
            case .farFromHomeEnded:
                actions.append(.resolve(cause: AlertCause.farFromHome))
            case .expectedMissed(let id):
                let zone = zones[id]
                actions.append(.raise(AlertRequest(
                    type: .expectedMissed, cause: AlertCause.missedArrival(id),
                    message: "Not at \(zone?.name ?? "the zone") by \(zone?.expected?.arriveBy ?? "the deadline").",
                    location: location)))
            case .leftHomeAtNight, .stateChanged:
                break
            }
        }
        return actions
    }
}
