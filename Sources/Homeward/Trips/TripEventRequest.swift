/// The body of POST /v1/trips/{id}/events.
public struct TripEventRequest: Sendable, Decodable {
    /// The workflow action.
    public var type: TripEventType
}
