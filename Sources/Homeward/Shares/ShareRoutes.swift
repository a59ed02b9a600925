import HomewardHTTP

/// `POST /v1/shares`, `GET /v1/shares`, `DELETE /v1/shares/{id}` and the read-only `GET /v1/shared/{token}/episodes`
/// (with `/about`: whose record it is, until when) and `GET /v1/shared/{token}/locations`, in the owner's formats.
/// A share token reads one scope of one person and nothing else; an unknown, expired, revoked or
/// other-scope token answers 404. A changed password ends every link (AccountStore). Each route
/// decodes, calls one `ShareService` method and encodes; a link's address is built from `addresses`.
func registerShareRoutes(on router: inout Router, signedIn: AuthenticatedRoutes, shares: ShareService, addresses: LinkAddresses) {
    signedIn.post("/v1/shares", on: &router) { context, caller in
        let request = try context.decode(ShareRequest.self)
        return .json(try shares.create(request, linkBase: addresses.linkBase(for: context), for: caller), status: .created)
    }

    signedIn.get("/v1/shares", on: &router) { _, caller in
        .json(try shares.shares(of: caller))
    }

    // By id; the token is still accepted in its place, as clients revoked links before ids were listed.
    signedIn.delete("/v1/shares/{id}", on: &router) { context, caller in
        try shares.revoke(try context.parameter("id"), of: caller)
        return HTTPResponse(status: .noContent)
    }

    router.get("/v1/shared/{token}/episodes") { context in
        try shares.sharedEpisodes(try context.parameter("token"), try EpisodeListQuery(context.query))
    }

    // The doctor's page says whose record it shows and until when the link works.
    router.get("/v1/shared/{token}/episodes/about") { context in
        .json(try shares.sharedRecordAbout(try context.parameter("token")))
    }

    router.get("/v1/shared/{token}/locations") { context in
        let token = try context.parameter("token")
        return try shares.sharedLocations(token, try HistoryQuery(context.query, now: shares.clock.now()))
    }
}
