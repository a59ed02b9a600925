/// `overdue`: a trip is late at its destination: its deadline (the expected arrival, or else the
/// start plus the estimated time, plus `trip-overdue-margin-seconds`) passed without arrival
/// (`TripMonitor.sweep`, on the trip timer).
public struct OverdueRule: AlertRule, Sendable {
    public static let type = AlertType.overdue
    public static let title = "Overdue"

    /// How long after its expected arrival a trip is overdue.
    static let margin = PluginSetting(
        "trip-overdue-margin-seconds", default: 15 * 60,
        help: "Seconds after the expected arrival (or the start plus the ETA) before a trip is overdue")
    public static var settings: [ServerSetting] { [margin.declaration] }

    private let marginMilliseconds: Int64

    /// The rule with the margin `configuration` sets.
    public init(_ configuration: AppConfiguration) {
        marginMilliseconds = Int64(Self.margin.value(in: configuration)) * Timestamp.millisecondsPerSecond
    }

    /// The deadline of a trip expected to arrive at `expected`, the margin later; none without an
    /// expected arrival.
    func deadline(arrivingBy expected: Timestamp?) -> Timestamp? {
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
