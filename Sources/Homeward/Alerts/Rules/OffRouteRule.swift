import HomewardGeo

/// `off_route`: a trip with a route left it, as the route tracker confirmed (`TripMonitor` asks on
/// every fix); resolved when the tracker says the person is back on the route.
public enum OffRouteRule: AlertRule {
    public static let type = AlertType.offRoute
    public static let title = "Off route"

    /// What `progress`, measured at one fix of `trip`, asks of the alerts.
    static func actions(for progress: RouteProgress, on trip: TripRecord) -> [AlertAction] {
        var actions: [AlertAction] = []
        if progress.events.contains(.offRoute) {
            actions.append(.raise(AlertRequest(
                type: .offRoute, cause: AlertCause.offRoute(trip: trip.id), message: "Left the planned route.", on: trip)))
        }
        if progress.events.contains(.backOnRoute) {
            actions.append(.resolve(cause: AlertCause.offRoute(trip: trip.id)))
        }
        return actions
    }
}

extension AlertType {
    /// A trip left its route.
    public static let offRoute = AlertType(declaring: "off_route")
}

extension AlertCause {
    /// Trip `id` left its route (off_route).
    public static func offRoute(trip id: String) -> String { "trip:\(id):off_route" }
}
