import HomewardHTTP
import HomewardStore

/// The location history of `account` (called `name` in exports) in the format `query` asks for: a
/// JSON page, or streamed GeoJSON or GPX. Shared by the owner's and guardians' route and share links.
func locationHistoryResponse(
    of account: AccountKey, named name: String, _ query: HistoryQuery, database: any DatabaseReader
) throws -> HTTPResponse {
    guard query.format == .json else { return historyExport(of: account, named: name, query, database: database) }
    return .json(try historyPage(of: account, query, database: database))
}

/// The GeoJSON or GPX export `query` asks for of the history of `account` (called `name`), streamed:
/// its rows are read after the handler has returned. Shared by location history and trip paths.
func historyExport(of account: AccountKey, named name: String, _ query: HistoryQuery, database: any DatabaseReader) -> HTTPResponse {
    let exporter = HistoryExporter(database: database, account: account, accountName: name, query: query)
    let type = query.format == .gpx ? "application/gpx+xml" : "application/geo+json"
    return .stream(headers: ["Content-Type": type]) { writer in exporter.export(into: writer) }
}

/// One JSON page of the location history of `account`: the fixes `query` selects, simplified when it
/// asks, with the cursor of the next page. Shared by location history and trip paths.
func historyPage(of account: AccountKey, _ query: HistoryQuery, database: any DatabaseReader) throws -> HistoryPage {
    let page = try ListPage.fetching(limit: query.limit, { fetchLimit in
        try database.read { db in
            try LocationStore(db: db).history(
                of: account, from: query.from, to: query.to, after: query.after, limit: fetchLimit,
                includingFlagged: query.includingFlagged)
        }
    }, cursor: { ListCursor(timeMilliseconds: $0.time.unixMilliseconds, key: $0.sampleHash) })
    var fixes = page.items
    let nextCursor = page.nextCursor?.text
    if let tolerance = query.simplifyMetres {
        fixes = HistoryExporter.simplified(fixes, toleranceMetres: tolerance)
    }
    let items = fixes.map { HistoryItem(location: LocationResource($0), flags: query.includingFlagged ? $0.flags.names : nil) }
    return HistoryPage(locations: items, nextCursor: nextCursor)
}
