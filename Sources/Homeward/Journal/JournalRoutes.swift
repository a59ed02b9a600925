import HomewardHTTP

/// `POST /v1/journal`, `GET /v1/journal`, `DELETE /v1/journal/{id}` and `GET /v1/journal/daily`.
/// Reads take `accountId` (default: the caller) and are open to the account's guardians; writes
/// touch only the caller's own journal.
func registerJournalRoutes(on router: inout Router, app: HomewardApp) {
    router.post("/v1/journal") { context in
        let caller = try app.authenticator.authenticate(context)
        let request = try context.decode(JournalEntryRequest.self)
        let entry = try request.validated(id: SecureRandom.identifier(), now: app.clock.now())
        try app.database.write { db in try JournalStore(db: db).insert(entry, for: caller.accountKey) }
        return .json(entry, status: .created)
    }

    router.get("/v1/journal") { context in
        let caller = try app.authenticator.authenticate(context)
        let query = try ListQuery(context.query)
        let kind = try context.query["kind"].map { text throws(HTTPError) in
            guard let kind = JournalKind(rawValue: text) else {
                throw .invalidRequest("kind must be water, food, exercise or sleep", field: "kind")
            }
            return kind
        }
        let page = try app.database.read { db in
            let account = try app.accessPolicy.readableAccount(context.query["accountId"], by: caller, in: db)
            return try JournalStore(db: db).entries(of: account, kind: kind, matching: query)
        }
        return .json(JournalEntryList(entries: page.items, nextCursor: page.nextCursor?.text))
    }

    router.delete("/v1/journal/{id}") { context in
        let caller = try app.authenticator.authenticate(context)
        let id = try context.parameter("id")
        let deleted = try app.database.write { db in try JournalStore(db: db).deleteEntry(id, of: caller.accountKey) }
        guard deleted else { throw HTTPError.notFound() }
        return HTTPResponse(status: .noContent)
    }

    router.get("/v1/journal/daily") { context in
        let caller = try app.authenticator.authenticate(context)
        let query = try JournalDailyQuery(context.query, now: app.clock.now())
        let entries = try app.database.read { db in
            let account = try app.accessPolicy.readableAccount(context.query["accountId"], by: caller, in: db)
            return try JournalStore(db: db).entriesCounting(of: account, from: query.start, to: query.end)
        }
        return .json(JournalDailyTotals(days: query.days(totalling: entries)))
    }
}
