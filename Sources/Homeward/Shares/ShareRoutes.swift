import HomewardHTTP

/// `POST /v1/shares`, `DELETE /v1/shares/{token}` and the read-only `GET /v1/shared/{token}/episodes`
/// and `GET /v1/shared/{token}/locations`, in the owner's formats.
/// A share token reads one scope of one person and nothing else; an unknown, expired, revoked or
/// other-scope token answers 404.
func registerShareRoutes(on router: inout Router, app: HomewardApp) {
    router.post("/v1/shares") { context in
        let caller = try app.authenticator.authenticate(context)
        let request = try context.decode(ShareRequest.self)
        try request.validate()
        let now = app.clock.now()
        let token = SecureRandom.token()
        let share = CreatedShare(
            id: SecureRandom.identifier(), token: token,
            url: "\(app.configuration.linkBase(for: context))/v1/shared/\(token)/\(request.scope.rawValue)",
            scope: request.scope,
            expiresAt: now.adding(milliseconds: Int64(request.expiresInSeconds) * Timestamp.millisecondsPerSecond)
        )
        try app.database.write { db in
            try ShareStore(db: db).insert(
                id: share.id, account: caller.accountKey, scope: share.scope,
                tokenDigest: SecretDigest.sha256(token), createdAt: now, expiresAt: share.expiresAt
            )
        }
        return .json(share, status: .created)
    }

    router.delete("/v1/shares/{token}") { context in
        let caller = try app.authenticator.authenticate(context)
        let digest = SecretDigest.sha256(try context.parameter("token"))
        let deleted = try app.database.write { db in try ShareStore(db: db).deleteShare(tokenDigest: digest, of: caller.accountKey) }
        guard deleted else { throw HTTPError.notFound() }
        return HTTPResponse(status: .noContent)
    }

    router.get("/v1/shared/{token}/episodes") { context in
        let digest = SecretDigest.sha256(try context.parameter("token"))
        let query = try EpisodeListQuery(context.query)
        let now = app.clock.now()
        return try app.database.read { db in
            guard let account = try ShareStore(db: db).sharedAccount(tokenDigest: digest, scope: .episodes, at: now) else {
                throw HTTPError.notFound()
            }
            return try query.response(listing: account, in: db)
        }
    }

    router.get("/v1/shared/{token}/locations") { context in
        let digest = SecretDigest.sha256(try context.parameter("token"))
        let now = app.clock.now()
        let query = try HistoryQuery(context.query, now: now)
        let (account, name) = try app.database.read { db in
            guard let account = try ShareStore(db: db).sharedAccount(tokenDigest: digest, scope: .locations, at: now) else {
                throw HTTPError.notFound()
            }
            return (account, try db.fetchOne("SELECT name FROM accounts WHERE key = ?", [account]) ?? "")
        }
        return try locationHistoryResponse(of: account, named: name, query, app: app)
    }
}
