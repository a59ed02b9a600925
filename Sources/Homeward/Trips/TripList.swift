/// The answer of GET /v1/trips: `{trips, nextCursor?}`, newest first.
public struct TripList: Sendable, Codable, Equatable {
    /// The trips of this page.
    public var trips: [TripResource]
    /// The cursor of the next page, when there is one.
    public var nextCursor: String?
}
