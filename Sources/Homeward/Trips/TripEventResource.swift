/// A workflow event as the API shows it: `{type, t, location?, phase, passengersAboard}`, where
/// `phase` and `passengersAboard` are the trip's state after the event.
public struct TripEventResource: Sendable, Codable, Equatable {
    /// What happened.
    public var type: TripEventType
    /// When it was reported.
    public var t: Timestamp
    /// The traveller's last known position then, if any.
    public var location: AlertResource.Location?
    /// The trip's phase after the event.
    public var phase: TripPhase
    /// Passengers aboard after the event.
    public var passengersAboard: Int
}
