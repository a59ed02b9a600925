import HomewardHTTP

/// The query of `GET /v1/accounts/{id}/locations`: `from`, `to`, `limit`, `cursor`, `simplify`,
/// `format`, `includeFlagged`.
struct HistoryQuery {
    /// Items a JSON page holds unless `limit` says otherwise.
    static let defaultPageLimit = 100
    /// Items a JSON page holds at most.
    static let maxPageLimit = 1000
    /// Largest simplification tolerance accepted.
    static let maxSimplifyMetres = 100_000.0

    var from: Timestamp
    var to: Timestamp
    var limit: Int
    var after: HistoryPosition?
    var simplifyMetres: Double?
    var format: HistoryFormat
    var includingFlagged: Bool

    /// Reads the query; 400 naming the parameter at fault. A `from` after `to` (given or defaulted)
    /// is an empty range, not an error.
    init(_ query: QueryParameters, now: Timestamp) throws(HTTPError) {
        from = try query.time("from") ?? Timestamp(unixMilliseconds: 0)
        to = try query.time("to") ?? now.adding(milliseconds: IngestLimits.maxFutureMilliseconds + 1)
        limit = try query.limit(default: Self.defaultPageLimit, maximum: Self.maxPageLimit)
        after = try query.cursor().map { HistoryPosition(time: Timestamp(unixMilliseconds: $0.timeMilliseconds), sampleHash: $0.key) }
        if let text = query["simplify"] {
            guard let value = Double(text), value.isFinite, value >= 0, value <= Self.maxSimplifyMetres else {
                throw .invalidRequest("simplify must be metres from 0 to \(Int(Self.maxSimplifyMetres)).", field: "simplify")
            }
            simplifyMetres = value
        }
        guard let format = HistoryFormat(rawValue: query["format"] ?? "json") else {
            throw .invalidRequest("format must be json, geojson or gpx.", field: "format")
        }
        self.format = format
        switch query["includeFlagged"] {
        case nil, "false": includingFlagged = false
        case "true": includingFlagged = true
        default: throw .invalidRequest("includeFlagged must be true or false.", field: "includeFlagged")
        }
    }
}
