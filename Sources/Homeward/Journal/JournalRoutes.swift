import HomewardHTTP

/// `POST /v1/journal`, `GET /v1/journal`, `DELETE /v1/journal/{id}` and `GET /v1/journal/daily`.
/// Reads take `accountId` (default: the caller) and are open to the account's guardians; writes
/// touch only the caller's own journal.
func registerJournalRoutes(on router: inout Router, signedIn: AuthenticatedRoutes, _ services: JournalRoutesDependencies) {
    signedIn.post("/v1/journal", on: &router) { context, caller in
        let request = try context.decode(JournalEntryRequest.self)
        let entry = try request.validated(id: SecureRandom.identifier(), now: services.clock.now())
        try services.database.write { db in try JournalStore(db: db).insert(entry, for: caller.accountKey) }
        return .json(entry, status: .created)
    }

    signedIn.get("/v1/journal", on: &router) { context, caller in
        let query = try ListQuery(context.query)
        let kind = try context.query["kind"].map { text throws(HTTPError) in
            guard let kind = JournalKind(rawValue: text) else {
                throw .invalidRequest("kind must be water, food, exercise or sleep", field: "kind")
            }
            return kind
        }
        let page = try services.database.read { db in
            let account = try services.accessPolicy.readableAccount(context.query["accountId"], by: caller, in: db)
            return try JournalStore(db: db).entries(of: account, kind: kind, matching: query)
        }
        return .json(JournalEntryList(entries: page.items, nextCursor: page.nextCursor?.text))
    }

    signedIn.delete("/v1/journal/{id}", on: &router) { context, caller in
        let id = try context.parameter("id")
        let deleted = try services.database.write { db in try JournalStore(db: db).deleteEntry(id, of: caller.accountKey) }
        guard deleted else { throw HTTPError.notFound() }
        return HTTPResponse(status: .noContent)
    }

    signedIn.get("/v1/journal/daily", on: &router) { context, caller in
        let query = try JournalDailyQuery(context.query, now: services.clock.now())
        let entries = try services.database.read { db in
            let account = try services.accessPolicy.readableAccount(context.query["accountId"], by: caller, in: db)
            return try JournalStore(db: db).entriesCounting(of: account, from: query.start, to: query.end)
        }
        return .json(JournalDailyTotals(days: query.days(totalling: entries)))
    }
}
