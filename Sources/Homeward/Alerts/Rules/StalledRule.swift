/// `stalled`: a moving trip's distance remaining has not shrunk by `stalledProgressMetres` for
/// `trip-stalled-after-seconds` (`TripMonitor`: on every fix, and on the trip timer for a trip that
/// sends none); resolved by progress.
public enum StalledRule: AlertRule {
    public static let type = AlertType.stalled
    public static let title = "Trip stalled"

    /// What `remainingMetres`, measured at `time`, asks of `trip`'s stall: progress of more than
    /// `progressMetres` since the reference moves the reference here and resolves the alert; none
    /// for `afterMilliseconds` while moving raises it.
    static func actions(
        following trip: inout TripRecord, remainingMetres: Double, at time: Timestamp, progressMetres: Double,
        afterMilliseconds: Int64
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
        return [.raise(request(for: trip))]
    }

    /// The time before which a trip's last progress makes it stalled at `now`.
    static func cutoff(at now: Timestamp, afterMilliseconds: Int64) -> Timestamp {
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
