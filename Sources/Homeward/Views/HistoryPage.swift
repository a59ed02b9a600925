/// A JSON page of history: `{locations, nextCursor}`.
struct HistoryPage: Encodable {
    /// The fixes, oldest first.
    var locations: [HistoryItem]
    /// Where the next page starts; absent on the last page.
    var nextCursor: String?
}
