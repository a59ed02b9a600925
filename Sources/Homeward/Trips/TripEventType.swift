/// A workflow action of a trip, as a driver's app reports it (`type` of POST /v1/trips/{id}/events).
public enum TripEventType: String, Sendable, Codable, CaseIterable {
    /// A passenger got in.
    case pickup
    /// A passenger got out.
    case dropoff
    /// The vehicle stopped on the way.
    case stopover
    /// The trip continues after a stopover.
    case resume
}
