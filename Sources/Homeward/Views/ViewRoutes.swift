import HomewardHTTP
import HomewardStore

/// Days `GET /v1/accounts/{id}/motion/daily` covers unless `from` says otherwise (ending with `to`).
let defaultDailyMotionDays = 7
/// Days one `GET /v1/accounts/{id}/motion/daily` may cover at most.
let maxDailyMotionDays = 366

/// The guardian views: `GET /v1/dependents`, `GET /v1/accounts/{id}/location`, location history and
/// daily motion. Each answers 404 for an account the caller may not see.
func registerViewRoutes(on router: inout Router, signedIn: AuthenticatedRoutes, _ services: ViewRoutesDependencies) {
    let views = services.views
    signedIn.get("/v1/dependents", on: &router) { context, caller in
        let calendar = try LocalCalendar(zoneParameter: context.query["tz"])
        let dependents = try services.database.read { db in
            try views.people(services.accessPolicy.dependents(of: caller, in: db), today: calendar, in: db)
        }
        return .json(DependentsResponse(dependents: dependents))
    }
    signedIn.get("/v1/accounts/{id}/location", on: &router) { context, caller in
        let calendar = try LocalCalendar(zoneParameter: context.query["tz"])
        let id = try context.parameter("id")
        return .json(try services.database.read { db in
            try views.person(try services.accessPolicy.visibleAccount(id, to: caller, in: db), today: calendar, in: db)
        })
    }
    signedIn.get("/v1/accounts/{id}/locations", on: &router) { context, caller in
        let id = try context.parameter("id")
        let query = try HistoryQuery(context.query, now: services.clock.now())
        let (account, name) = try services.database.read { db in
            let account = try services.accessPolicy.visibleAccount(id, to: caller, in: db)
            return (account, try AccountStore(db: db).name(of: account) ?? "")
        }
        return try locationHistoryResponse(of: account, named: name, query, database: services.database)
    }
    signedIn.get("/v1/accounts/{id}/motion/daily", on: &router) { context, caller in
        let id = try context.parameter("id")
        let calendar = try LocalCalendar(zoneParameter: context.query["tz"])
        let last = try context.query.date("to") ?? calendar.day(of: services.clock.now())
        var day = try context.query.date("from") ?? last
        if context.query["from"] == nil {
            for _ in 1..<defaultDailyMotionDays { day = calendar.day(before: day) }
        }
        guard day <= last else { throw HTTPError.invalidRequest("from must not be after to.", field: "from") }
        return .json(try services.database.read { db in
            let account = try services.accessPolicy.visibleAccount(id, to: caller, in: db)
            var days: [DailyMotion] = []
            while day <= last {
                guard days.count < maxDailyMotionDays else {
                    throw HTTPError.invalidRequest("A request covers at most \(maxDailyMotionDays) days.", field: "from")
                }
                let totals = try MotionStore(db: db).totals(of: account, from: calendar.start(of: day), to: calendar.end(of: day))
                days.append(DailyMotion(
                    date: day.text, steps: totals.steps, distance: totals.distance,
                    activeMinutes: totals.activeMinutes))
                day = calendar.day(after: day)
            }
            return DailyMotionResponse(days: days)
        })
    }
}

/// The location history of `account` (called `name` in exports) in the format `query` asks for: a
/// JSON page, or streamed GeoJSON or GPX. Shared by the owner's and guardians' route and share links.
func locationHistoryResponse(
    of account: AccountKey, named name: String, _ query: HistoryQuery, database: any DatabaseReader
) throws -> HTTPResponse {
    switch query.format {
    case .json:
        return .json(try historyPage(of: account, query, database: database))
    case .geojson, .gpx:
        let exporter = HistoryExporter(database: database, account: account, accountName: name, query: query)
        let type = query.format == .gpx ? "application/gpx+xml" : "application/geo+json"
        return .stream(headers: ["Content-Type": type]) { writer in exporter.export(into: writer) }
    }
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
