import HomewardHTTP
import HomewardStore

/// What the share endpoints do: make, list and revoke a person's read-only links, and read what a
/// link shares. Tokens are kept as keyed digests; a link still stored under a token's legacy
/// SHA-256 (made before keyed digests) is rewritten to the keyed digest when it is used or revoked.
struct ShareService: Sendable {
    /// Holds the shares and what they read.
    let database: any DatabaseWriter
    /// Digests share tokens under the server secret.
    let secrets: SecretHasher
    /// The time links are made and checked at.
    let clock: any WallClock

    /// Makes the link `request` describes for `caller`, its address under `linkBase`.
    func create(_ request: ShareRequest, linkBase: String, for caller: Caller) throws -> CreatedShare {
        try request.validate()
        let now = clock.now()
        let token = SecureRandom.token()
        let share = CreatedShare(
            id: SecureRandom.identifier(), token: token, url: "\(linkBase)/v1/shared/\(token)/\(request.scope.rawValue)",
            scope: request.scope,
            expiresAt: now.adding(milliseconds: Int64(request.expiresInSeconds) * Timestamp.millisecondsPerSecond))
        try database.write { db in
            try ShareStore(db: db).insert(
                id: share.id, account: caller.accountKey, scope: share.scope, tokenDigest: secrets.digest(token), createdAt: now,
                expiresAt: share.expiresAt)
        }
        return share
    }

    /// The caller's links that still work.
    func shares(of caller: Caller) throws -> ShareList {
        let now = clock.now()
        return ShareList(shares: try database.read { db in try ShareStore(db: db).shares(of: caller.accountKey, at: now) })
    }

    /// Revokes the caller's link `id` (or, as clients did before ids were listed, its token); 404
    /// when they have none such.
    func revoke(_ id: String, of caller: Caller) throws {
        let deleted = try database.write { db in
            let store = ShareStore(db: db)
            try store.rewriteTokenDigest(secrets.legacyDigest(id), to: secrets.digest(id))
            return try store.deleteShare(id: id, orTokenDigest: secrets.digest(id), of: caller.accountKey)
        }
        guard deleted else { throw HTTPError.notFound() }
    }

    /// The episodes link `token` shares, as `query` asks; 404 for a token that does not read them.
    func sharedEpisodes(_ token: String, _ query: EpisodeListQuery) throws -> HTTPResponse {
        let digest = try tokenDigest(token, scope: .episodes)
        let now = clock.now()
        return try database.read { db in
            guard let account = try ShareStore(db: db).sharedAccount(tokenDigest: digest, scope: .episodes, at: now) else {
                throw HTTPError.notFound()
            }
            return try query.response(listing: account, in: db)
        }
    }

    /// Whose record the episodes link `token` shows, and until when it works.
    func sharedRecordAbout(_ token: String) throws -> SharedRecordAbout {
        let digest = try tokenDigest(token, scope: .episodes)
        let now = clock.now()
        return try database.read { db in
            guard let account = try ShareStore(db: db).sharedAccount(tokenDigest: digest, scope: .episodes, at: now),
                  let expiresAt = try ShareStore(db: db).expiry(tokenDigest: digest, scope: .episodes, at: now)
            else { throw HTTPError.notFound() }
            return SharedRecordAbout(name: try AccountStore(db: db).name(of: account) ?? "", expiresAt: expiresAt)
        }
    }

    /// The location history link `token` shares, as `query` asks (read at `query`'s time).
    func sharedLocations(_ token: String, _ query: HistoryQuery) throws -> HTTPResponse {
        let digest = try tokenDigest(token, scope: .locations)
        let now = clock.now()
        let (account, name) = try database.read { db in
            guard let account = try ShareStore(db: db).sharedAccount(tokenDigest: digest, scope: .locations, at: now) else {
                throw HTTPError.notFound()
            }
            return (account, try AccountStore(db: db).name(of: account) ?? "")
        }
        return try locationHistoryResponse(of: account, named: name, query, database: database)
    }

    /// The keyed digest of share token `token`; a link still stored under the token's legacy SHA-256
    /// is rewritten to the keyed digest first, by the digest's unique index.
    private func tokenDigest(_ token: String, scope: ShareScope) throws -> [UInt8] {
        let digest = secrets.digest(token)
        let now = clock.now()
        let legacy = try database.read { db in
            try ShareStore(db: db).sharedAccount(tokenDigest: digest, scope: scope, at: now) == nil
                && ShareStore(db: db).sharedAccount(tokenDigest: secrets.legacyDigest(token), scope: scope, at: now) != nil
        }
        if legacy {
            _ = try database.write { db in try ShareStore(db: db).rewriteTokenDigest(secrets.legacyDigest(token), to: digest) }
        }
        return digest
    }
}
