import HomewardHTTP

/// `POST /v1/episodes`, `PATCH` and `DELETE /v1/episodes/{id}`, `GET /v1/episodes` (JSON or CSV),
/// `GET /v1/episodes/stats` and `POST /v1/conditions`. Reads take `accountId` (default: the caller)
/// and are open to the account's guardians; writes touch only the caller's own episodes. Each route
/// decodes, calls one `EpisodeService` method and encodes.
func registerEpisodeRoutes(on router: inout Router, signedIn: AuthenticatedRoutes, episodes: EpisodeService) {
    signedIn.post("/v1/episodes", on: &router) { context, caller in
        .json(try episodes.start(try context.decode(EpisodeStartRequest.self), by: caller), status: .created)
    }

    signedIn.patch("/v1/episodes/{id}", on: &router) { context, caller in
        let id = try context.parameter("id")
        return .json(try episodes.update(id, with: try context.decode(EpisodeUpdateRequest.self), by: caller))
    }

    signedIn.delete("/v1/episodes/{id}", on: &router) { context, caller in
        try episodes.delete(try context.parameter("id"), by: caller)
        return HTTPResponse(status: .noContent)
    }

    signedIn.get("/v1/episodes", on: &router) { context, caller in
        try episodes.list(of: context.query["accountId"], try EpisodeListQuery(context.query), for: caller)
    }

    signedIn.get("/v1/episodes/stats", on: &router) { context, caller in
        let range = try ListQuery(context.query)
        let kind = context.query["kind"].map(EpisodeRules.normalizedKind)
        return .json(try episodes.statistics(of: context.query["accountId"], kind: kind, in: range, for: caller))
    }

    signedIn.post("/v1/conditions", on: &router) { context, caller in
        .json(try episodes.addReadings(try context.decode(ConditionReadingsRequest.self), by: caller))
    }
}
