/// What a trip's path export reads: whose locations, over which time, and the event markers.
struct TripPathScope: Sendable {
    /// The traveller.
    var account: AccountKey
    /// The traveller's display name (GPX and GeoJSON name the track after them).
    var accountName: String
    /// The trip's start.
    var startedAt: Timestamp
    /// The trip's end; nil while active.
    var endedAt: Timestamp?
    /// The workflow events, oldest first.
    var events: [TripEventResource]

    /// `query` narrowed to the trip's time.
    func narrowing(_ query: HistoryQuery) -> HistoryQuery {
        var narrowed = query
        narrowed.from = max(query.from, startedAt)
        // History's `to` is exclusive; a fix taken in the very millisecond of arrival belongs to the trip.
        if let endedAt { narrowed.to = min(query.to, endedAt.adding(milliseconds: 1)) }
        if narrowed.to < narrowed.from { narrowed.to = narrowed.from }
        return narrowed
    }
}
