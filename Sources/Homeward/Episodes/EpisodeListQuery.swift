import HomewardHTTP
import HomewardStore

/// The parameters of an episode listing (`kind`, `from`, `to`, `limit`, `cursor`, `format`), shared
/// by the owner's `GET /v1/episodes` and a share's `GET /v1/shared/{token}/episodes`.
struct EpisodeListQuery: Sendable {
    /// Time range and paging.
    let list: ListQuery
    /// Only episodes of this kind (trimmed, lower-cased), when given.
    let kind: String?
    /// Whether the answer is CSV (every matching episode) rather than a JSON page.
    let isCSV: Bool

    /// Reads the parameters; 400 naming the one at fault.
    init(_ query: QueryParameters) throws(HTTPError) {
        list = try ListQuery(query)
        kind = query["kind"].map(EpisodeRules.normalizedKind)
        switch query["format"] ?? "json" {
        case "json": isCSV = false
        case "csv": isCSV = true
        default: throw .invalidRequest("format must be json or csv", field: "format")
        }
    }

    /// The listing of `account`'s episodes: a JSON page, or CSV of every matching episode.
    func response(listing account: AccountKey, in db: Database) throws -> HTTPResponse {
        let store = EpisodeStore(db: db)
        guard isCSV else {
            let page = try store.episodes(of: account, kind: kind, matching: list)
            return .json(EpisodeList(episodes: page.items, nextCursor: page.nextCursor?.text))
        }
        var episodes: [Episode] = []
        var query = list.withLimit(ListQuery.maxLimit)
        while true {
            let page = try store.episodes(of: account, kind: kind, matching: query)
            episodes += page.items
            guard let next = page.nextCursor else { break }
            query = query.resuming(after: next)
        }
        return HTTPResponse(
            headers: [
                "Content-Type": "text/csv; charset=utf-8; header=present",
                "Content-Disposition": "attachment; filename=\"episodes.csv\"",
            ],
            bytes: Array(EpisodeCSV.render(episodes).utf8)
        )
    }
}
