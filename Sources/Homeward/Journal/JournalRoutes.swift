import HomewardHTTP

/// `POST /v1/journal`, `GET /v1/journal`, `DELETE /v1/journal/{id}` and `GET /v1/journal/daily`.
/// Reads take `accountId` (default: the caller) and are open to the account's guardians; writes
/// touch only the caller's own journal.
func registerJournalRoutes(on router: inout Router, signedIn: AuthenticatedRoutes, journal: JournalService) {
    signedIn.post("/v1/journal", on: &router) { context, caller in
        .json(try journal.add(try context.decode(JournalEntryRequest.self), by: caller), status: .created)
    }

    signedIn.get("/v1/journal", on: &router) { context, caller in
        let query = try ListQuery(context.query)
        let kind = try context.query["kind"].map { text throws(HTTPError) in
            guard let kind = JournalKind(rawValue: text) else {
                throw .invalidRequest("kind must be water, food, exercise or sleep", field: "kind")
            }
            return kind
        }
        return .json(try journal.entries(of: context.query["accountId"], kind: kind, matching: query, for: caller))
    }

    signedIn.delete("/v1/journal/{id}", on: &router) { context, caller in
        try journal.delete(try context.parameter("id"), by: caller)
        return HTTPResponse(status: .noContent)
    }

    signedIn.get("/v1/journal/daily", on: &router) { context, caller in
        let query = try JournalDailyQuery(context.query, now: journal.clock.now())
        return .json(try journal.dailyTotals(of: context.query["accountId"], query, for: caller))
    }
}
