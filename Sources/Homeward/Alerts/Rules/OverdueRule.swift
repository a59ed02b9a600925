/// `overdue`: a trip is late at its destination: its deadline (the expected arrival, or else the
/// start plus the estimated time, plus `trip-overdue-margin-seconds`) passed without arrival
/// (`TripMonitor.sweep`, on the trip timer).
public enum OverdueRule: AlertRule {
    public static let type = AlertType.overdue
    public static let title = "Overdue"

    /// The deadline of a trip expected to arrive at `expected`, `marginMilliseconds` later; none
    /// without an expected arrival.
    static func deadline(arrivingBy expected: Timestamp?, marginMilliseconds: Int64) -> Timestamp? {
        expected?.adding(milliseconds: marginMilliseconds)
    }

    /// The alert of `trip`, past its deadline.
    static func request(for trip: TripRecord) -> AlertRequest {
        AlertRequest(type: .overdue, cause: AlertCause.overdue(trip: trip.id), message: "Not arrived in time.", on: trip)
    }
}

extension AlertType {
    /// A trip is late.
    public static let overdue = AlertType(declaring: "overdue")
}

extension AlertCause {
    /// Trip `id` is late (overdue).
    public static func overdue(trip id: String) -> String { "trip:\(id):overdue" }
}
