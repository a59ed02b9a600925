import HomewardHTTP
import HomewardStore

/// Turns the credentials of a request into a `Caller`: the one place bearer tokens are checked.
///
/// Only the SHA-256 of a token is stored. A token's expiry slides on use; to keep reads cheap the
/// session row (and the account's `last_seen_at_ms`) is rewritten at most once per
/// `touchIntervalMilliseconds`, while `Presence` keeps the exact heartbeat in memory.
public final class Authenticator: Sendable {
    /// How often, at most, a session's `last_used_at_ms` is written.
    public static let touchIntervalMilliseconds: Int64 = 60_000

    private let database: any DatabaseWriter
    private let clock: any WallClock
    private let presence: Presence
    private let sessionLifetimeMilliseconds: Int64

    /// Creates an authenticator over the sessions table.
    public init(database: any DatabaseWriter, clock: any WallClock, presence: Presence, sessionLifetimeSeconds: Int) {
        self.database = database
        self.clock = clock
        self.presence = presence
        self.sessionLifetimeMilliseconds = Int64(sessionLifetimeSeconds) * 1000
    }

    /// The caller of `context`, from `Authorization: Bearer <token>`; 401 without a valid token.
    public func authenticate(_ context: RequestContext) throws -> Caller {
        guard let token = Self.bearerToken(in: context.request.headers) else {
            throw HTTPError.unauthorized()
        }
        return try authenticate(token: token)
    }

    /// The caller owning the session of `token`; 401 for an unknown, revoked or expired token.
    public func authenticate(token: String) throws -> Caller {
        let digest = SecretDigest.sha256(token)
        let now = clock.now().unixMilliseconds
        let session = try database.read { db in
            try db.fetchOne(
                """
                SELECT s.id, s.account_key, a.id, s.expires_at_ms, s.last_used_at_ms
                FROM sessions s JOIN accounts a ON a.key = s.account_key
                WHERE s.token_sha256 = ?
                """,
                [digest]
            ) { row in
                (
                    id: try row.value(at: 0) as String,
                    accountKey: try row.value(at: 1) as Int64,
                    accountID: try row.value(at: 2) as String,
                    expiresAt: try row.value(at: 3) as Int64,
                    lastUsedAt: try row.value(at: 4) as Int64
                )
            }
        }
        guard let session, session.expiresAt > now else {
            throw HTTPError.unauthorized("The token is invalid or has expired.")
        }
        presence.touch(session.accountKey, at: Timestamp(unixMilliseconds: now))
        if now - session.lastUsedAt >= Self.touchIntervalMilliseconds {
            let expiresAt = now + sessionLifetimeMilliseconds
            try database.write { db in
                try db.execute(
                    "UPDATE sessions SET last_used_at_ms = ?, expires_at_ms = ? WHERE id = ?",
                    now, expiresAt, session.id
                )
                try db.execute(
                    "UPDATE accounts SET last_seen_at_ms = max(coalesce(last_seen_at_ms, 0), ?) WHERE key = ?",
                    now, session.accountKey
                )
            }
        }
        return Caller(accountKey: session.accountKey, accountID: session.accountID, sessionID: session.id)
    }

    /// The token of an `Authorization: Bearer` field, if there is one.
    static func bearerToken(in headers: HTTPHeaders) -> String? {
        guard let value = headers["Authorization"] else { return nil }
        let parts = value.split(separator: " ", maxSplits: 1, omittingEmptySubsequences: true)
        guard parts.count == 2, parts[0].lowercased() == "bearer" else { return nil }
        let token = parts[1].drop(while: { $0 == " " })
        return token.isEmpty || token.contains(" ") ? nil : String(token)
    }
}
