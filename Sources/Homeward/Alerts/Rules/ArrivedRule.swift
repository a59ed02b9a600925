/// `arrived`: the person reached the end of a trip (`TripService.arrive`, after the trip's other
/// alerts are resolved).
public enum ArrivedRule: AlertRule {
    public static let type = AlertType.arrived
    public static let title = "Arrived safely"
    public static let icon = "house"

    /// The alert of `trip`, arrived now.
    static func request(for trip: TripRecord) -> AlertRequest {
        let place = trip.destination.name.map { " at \($0)" } ?? ""
        return AlertRequest(type: .arrived, cause: AlertCause.arrived(trip: trip.id), message: "Arrived safely\(place).", on: trip)
    }
}

extension AlertType {
    /// The person arrived at the end of a trip.
    public static let arrived = AlertType(declaring: "arrived")
}

extension AlertCause {
    /// Trip `id` arrived (arrived).
    public static func arrived(trip id: String) -> String { "trip:\(id):arrived" }
}
