import HomewardHTTP
import HomewardStore

/// Days `GET /v1/accounts/{id}/motion/daily` covers unless `from` says otherwise (ending with `to`).
let defaultDailyMotionDays = 7
/// Days one `GET /v1/accounts/{id}/motion/daily` may cover at most.
let maxDailyMotionDays = 366

/// The guardian views: `GET /v1/dependents`, `GET /v1/accounts/{id}/location`, location history and
/// daily motion. Each answers 404 for an account the caller may not see.
func registerViewRoutes(on router: inout Router, signedIn: AuthenticatedRoutes, views: ViewService) {
    signedIn.get("/v1/dependents", on: &router) { context, caller in
        .json(try views.dependents(of: caller, today: try LocalCalendar(zoneParameter: context.query["tz"])))
    }
    signedIn.get("/v1/accounts/{id}/location", on: &router) { context, caller in
        let calendar = try LocalCalendar(zoneParameter: context.query["tz"])
        return .json(try views.person(try context.parameter("id"), to: caller, today: calendar))
    }
    signedIn.get("/v1/accounts/{id}/locations", on: &router) { context, caller in
        let id = try context.parameter("id")
        return try views.locationHistory(of: id, try HistoryQuery(context.query, now: views.clock.now()), to: caller)
    }
    signedIn.get("/v1/accounts/{id}/motion/daily", on: &router) { context, caller in
        let id = try context.parameter("id")
        let calendar = try LocalCalendar(zoneParameter: context.query["tz"])
        let last = try context.query.date("to") ?? calendar.day(of: views.clock.now())
        var first = try context.query.date("from") ?? last
        if context.query["from"] == nil {
            for _ in 1..<defaultDailyMotionDays { first = calendar.day(before: first) }
        }
        guard first <= last else { throw HTTPError.invalidRequest("from must not be after to.", field: "from") }
        return .json(try views.dailyMotion(of: id, from: first, to: last, in: calendar, to: caller))
    }
}
