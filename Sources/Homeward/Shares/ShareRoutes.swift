import HomewardHTTP

/// `POST /v1/shares`, `GET /v1/shares`, `DELETE /v1/shares/{id}` and the read-only `GET /v1/shared/{token}/episodes`
/// (with `/about`: whose record it is, until when) and `GET /v1/shared/{token}/locations`, in the owner's formats.
/// A share token reads one scope of one person and nothing else; an unknown, expired, revoked or
/// other-scope token answers 404. A changed password ends every link (AccountStore).
func registerShareRoutes(on router: inout Router, signedIn: AuthenticatedRoutes, _ services: ShareRoutesDependencies) {
    signedIn.post("/v1/shares", on: &router) { context, caller in
        let request = try context.decode(ShareRequest.self)
        try request.validate()
        let now = services.clock.now()
        let token = SecureRandom.token()
        let share = CreatedShare(
            id: SecureRandom.identifier(), token: token,
            url: "\(services.addresses.linkBase(for: context))/v1/shared/\(token)/\(request.scope.rawValue)",
            scope: request.scope,
            expiresAt: now.adding(milliseconds: Int64(request.expiresInSeconds) * Timestamp.millisecondsPerSecond)
        )
        try services.database.write { db in
            try ShareStore(db: db).insert(
                id: share.id, account: caller.accountKey, scope: share.scope,
                tokenDigest: services.secrets.digest(token), createdAt: now, expiresAt: share.expiresAt
            )
        }
        return .json(share, status: .created)
    }

    signedIn.get("/v1/shares", on: &router) { context, caller in
        let now = services.clock.now()
        return .json(ShareList(shares: try services.database.read { db in try ShareStore(db: db).shares(of: caller.accountKey, at: now) }))
    }

    // By id; the token is still accepted in its place, as clients revoked links before ids were listed.
    signedIn.delete("/v1/shares/{id}", on: &router) { context, caller in
        let id = try context.parameter("id")
        let deleted = try services.database.write { db in
            let store = ShareStore(db: db)
            try store.rewriteTokenDigest(services.secrets.legacyDigest(id), to: services.secrets.digest(id))
            return try store.deleteShare(id: id, orTokenDigest: services.secrets.digest(id), of: caller.accountKey)
        }
        guard deleted else { throw HTTPError.notFound() }
        return HTTPResponse(status: .noContent)
    }

    router.get("/v1/shared/{token}/episodes") { context in
        let digest = try sharedTokenDigest(try context.parameter("token"), scope: .episodes, services: services)
        let query = try EpisodeListQuery(context.query)
        let now = services.clock.now()
        return try services.database.read { db in
            guard let account = try ShareStore(db: db).sharedAccount(tokenDigest: digest, scope: .episodes, at: now) else {
                throw HTTPError.notFound()
            }
            return try query.response(listing: account, in: db)
        }
    }

    // The doctor's page says whose record it shows and until when the link works.
    router.get("/v1/shared/{token}/episodes/about") { context in
        let digest = try sharedTokenDigest(try context.parameter("token"), scope: .episodes, services: services)
        let now = services.clock.now()
        return try services.database.read { db in
            guard let account = try ShareStore(db: db).sharedAccount(tokenDigest: digest, scope: .episodes, at: now),
                  let expiresAt = try ShareStore(db: db).expiry(tokenDigest: digest, scope: .episodes, at: now)
            else { throw HTTPError.notFound() }
            return .json(SharedRecordAbout(name: try AccountStore(db: db).name(of: account) ?? "", expiresAt: expiresAt))
        }
    }

    router.get("/v1/shared/{token}/locations") { context in
        let digest = try sharedTokenDigest(try context.parameter("token"), scope: .locations, services: services)
        let now = services.clock.now()
        let query = try HistoryQuery(context.query, now: now)
        let (account, name) = try services.database.read { db in
            guard let account = try ShareStore(db: db).sharedAccount(tokenDigest: digest, scope: .locations, at: now) else {
                throw HTTPError.notFound()
            }
            return (account, try AccountStore(db: db).name(of: account) ?? "")
        }
        return try locationHistoryResponse(of: account, named: name, query, database: services.database)
    }
}

/// The keyed digest of share token `token`; a link still stored under the token's legacy SHA-256
/// (made before keyed digests) is rewritten to the keyed digest first, by the digest's unique index.
private func sharedTokenDigest(_ token: String, scope: ShareScope, services: ShareRoutesDependencies) throws -> [UInt8] {
    let digest = services.secrets.digest(token)
    let now = services.clock.now()
    let legacy = try services.database.read { db in
        try ShareStore(db: db).sharedAccount(tokenDigest: digest, scope: scope, at: now) == nil
            && ShareStore(db: db).sharedAccount(tokenDigest: services.secrets.legacyDigest(token), scope: scope, at: now) != nil
    }
    if legacy {
        _ = try services.database.write { db in try ShareStore(db: db).rewriteTokenDigest(services.secrets.legacyDigest(token), to: digest) }
    }
    return digest
}
