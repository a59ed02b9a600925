/// `off_route`: a trip with a route left it (`TripMonitor`).
public enum OffRouteRule: AlertRule {
    public static let type = AlertType.offRoute
    public static let title = "Off route"
}

extension AlertType {
    /// A trip left its route.
    public static let offRoute = AlertType(declaring: "off_route")
}
