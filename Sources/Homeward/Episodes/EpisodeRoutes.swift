import HomewardHTTP

/// `POST /v1/episodes`, `PATCH` and `DELETE /v1/episodes/{id}`, `GET /v1/episodes` (JSON or CSV),
/// `GET /v1/episodes/stats` and `POST /v1/conditions`. Reads take `accountId` (default: the caller)
/// and are open to the account's guardians; writes touch only the caller's own episodes.
func registerEpisodeRoutes(on router: inout Router, signedIn: AuthenticatedRoutes, _ services: EpisodeRoutesDependencies) {
    signedIn.post("/v1/episodes", on: &router) { context, caller in
        let request = try context.decode(EpisodeStartRequest.self)
        let episode = try request.validated(id: SecureRandom.identifier(), now: services.clock.now())
        try services.database.write { db in
            try EpisodeStore(db: db).insert(episode, for: caller.accountKey)
            if episode.conditionsSource == nil { db.afterCommit { services.weatherFiller.wake() } }
        }
        return .json(episode, status: .created)
    }

    signedIn.patch("/v1/episodes/{id}", on: &router) { context, caller in
        let id = try context.parameter("id")
        let request = try context.decode(EpisodeUpdateRequest.self)
        let now = services.clock.now()
        let episode = try services.database.write { db in
            let store = EpisodeStore(db: db)
            guard let stored = try store.episode(id, of: caller.accountKey) else { throw HTTPError.notFound() }
            let updated = try request.applied(to: stored, now: now)
            let newPlace = updated.conditionsSource == nil && request.location != nil
            try store.update(updated, retryWeather: newPlace)
            if newPlace { db.afterCommit { services.weatherFiller.wake() } }
            return updated
        }
        return .json(episode)
    }

    signedIn.delete("/v1/episodes/{id}", on: &router) { context, caller in
        let id = try context.parameter("id")
        let deleted = try services.database.write { db in try EpisodeStore(db: db).deleteEpisode(id, of: caller.accountKey) }
        guard deleted else { throw HTTPError.notFound() }
        return HTTPResponse(status: .noContent)
    }

    signedIn.get("/v1/episodes", on: &router) { context, caller in
        let query = try EpisodeListQuery(context.query)
        return try services.database.read { db in
            let account = try services.accessPolicy.readableAccount(context.query["accountId"], by: caller, in: db)
            return try query.response(listing: account, in: db)
        }
    }

    signedIn.get("/v1/episodes/stats", on: &router) { context, caller in
        let range = try ListQuery(context.query)
        let kind = context.query["kind"].map(EpisodeRules.normalizedKind)
        let statistics = try services.database.read { db in
            let account = try services.accessPolicy.readableAccount(context.query["accountId"], by: caller, in: db)
            return try EpisodeStore(db: db).statistics(of: account, kind: kind, from: range.from, to: range.to)
        }
        return .json(statistics)
    }

    signedIn.post("/v1/conditions", on: &router) { context, caller in
        let request = try context.decode(ConditionReadingsRequest.self)
        try request.validate(now: services.clock.now())
        let accepted = try services.database.write { db in
            try EpisodeStore(db: db).insertReadings(request.readings, for: caller.accountKey)
        }
        return .json(ConditionReadingsResult(accepted: accepted, duplicates: request.readings.count - accepted))
    }
}
