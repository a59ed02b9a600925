/// `stalled`: a moving trip's distance remaining has not shrunk by `stalledProgressMetres` for
/// `trip-stalled-after-seconds` (`TripMonitor`: on every fix, and on the trip timer for a trip that
/// sends none); resolved by progress.
public struct StalledRule: AlertRule, Sendable {
    public static let type = AlertType.stalled
    public static let title = "Trip stalled"

    /// How long a moving trip may go without progress.
    static let after = PluginSetting(
        "trip-stalled-after-seconds", default: 10 * 60, help: "Seconds without progress before a moving trip is stalled")
    public static var settings: [ServerSetting] { [after.declaration] }

    private let afterMilliseconds: Int64

    /// The rule with the stall time `configuration` sets.
    public init(_ configuration: AppConfiguration) {
        afterMilliseconds = Int64(Self.after.value(in: configuration)) * Timestamp.millisecondsPerSecond
    }

    /// What `remainingMetres`, measured at `time`, asks of `trip`'s stall: progress of more than
    /// `progressMetres` since the reference moves the reference here and resolves the alert; none
    /// for the stall time while moving raises it.
    func actions(
        following trip: inout TripRecord, remainingMetres: Double, at time: Timestamp, progressMetres: Double
    ) -> [AlertAction] {
        let advanced = trip.stallReferenceMetres.map { remainingMetres < $0 - progressMetres } ?? true
        if advanced {
            trip.stallReferenceMetres = remainingMetres
            trip.stallReferenceAt = time
            return [.resolve(cause: AlertCause.stalled(trip: trip.id))]
        }
        guard trip.workflow.phase == .moving,
              time.unixMilliseconds - trip.stallReferenceAt.unixMilliseconds >= afterMilliseconds
        else { return [] }
        return [.raise(Self.request(for: trip))]
    }

    /// The time before which a trip's last progress makes it stalled at `now`.
    func cutoff(at now: Timestamp) -> Timestamp {
        now.adding(milliseconds: -afterMilliseconds)
    }

    /// The alert of `trip`, without progress for too long.
    static func request(for trip: TripRecord) -> AlertRequest {
        AlertRequest(
            type: .stalled, cause: AlertCause.stalled(trip: trip.id), message: "No progress towards the destination.", on: trip)
    }
}

extension AlertType {
    /// A trip has not progressed for too long.
    public static let stalled = AlertType(declaring: "stalled")
}

extension AlertCause {
    /// Trip `id` has not progressed for too long (stalled).
    public static func stalled(trip id: String) -> String { "trip:\(id):stalled" }
}
