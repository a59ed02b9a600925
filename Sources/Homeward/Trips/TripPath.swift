/// The answer of GET /v1/trips/{id}/path?format=json: the traveller's locations between the trip's
/// start and its end (or now), oldest first, with the workflow events as markers.
struct TripPath: Encodable {
    /// The fixes of this page, as location history shows them.
    var locations: [HistoryItem]
    /// Where the next page starts; absent on the last page.
    var nextCursor: String?
    /// The trip's workflow events (pickup, dropoff, stopover, resume), oldest first.
    var events: [TripEventResource]
}
