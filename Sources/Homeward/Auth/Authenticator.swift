import Foundation
import HomewardHTTP
import HomewardStore
import Synchronization

/// Turns the credentials of a request into a `Caller`: the one place bearer tokens are checked.
///
/// Only the keyed digest of a token is stored (`SecretHasher`); a token still stored under its
/// legacy SHA-256 is found by that and rewritten to the keyed digest on its first use. A token's
/// expiry slides on use; to keep reads cheap the session row (and the account's `last_seen_at_ms`) is rewritten at most once per
/// `touchIntervalMilliseconds`, while `Presence` keeps the exact heartbeat in memory.
///
/// A session found in the database is remembered for `sessionCacheMilliseconds`, so a phone posting
/// every few seconds is not looked up on every request. Every way this process ends sessions
/// (logout, password change, account deletion) calls `forgetSessions(of:)` once it committed, so a
/// revoked token fails at once; the time bound covers sessions deleted by hand in the database file.
public final class Authenticator: Sendable {
    /// How often, at most, a session's `last_used_at_ms` is written.
    public static let touchIntervalMilliseconds: Int64 = 60_000
    /// How long a session read from the database is trusted without reading it again.
    public static let sessionCacheMilliseconds: Int64 = 5_000
    /// Remembered sessions at most; the cache starts over when full.
    static let maxStoredSessions = 100_000

    private let database: any DatabaseWriter
    /// The sessions' slides, written together.
    private let touches: SessionTouches
    private let clock: any WallClock
    private let presence: Presence
    private let secrets: SecretHasher
    private let sessionLifetimeMilliseconds: Int64
    private let passwordHasher: PasswordHasher?
    private let loginLimits: LoginLimits?
    private let basicCacheMilliseconds: Int64
    /// Successful Basic logins by the keyed digest of the header value, with when they stop counting.
    private let basicCache = Mutex<[DigestKey: BasicLogin]>([:])
    /// Sessions recently read, by the keyed digest of their token, with when they were read.
    private let sessionCache = Mutex<[DigestKey: RememberedSession]>([:])

    /// A 32-byte digest as a dictionary key: four words hash far faster than 32 array elements, and
    /// every request with a bearer token looks one up. (Named types, not tuples, in the caches: a
    /// tuple value makes every lookup instantiate its type metadata at run time.)
    private struct DigestKey: Hashable, Sendable {
        let word0, word1, word2, word3: UInt64

        init(_ digest: [UInt8]) {
            (word0, word1, word2, word3) = digest.withUnsafeBytes { raw in
                guard raw.count >= 32 else { return (0, 0, 0, 0) }
                return (raw.loadUnaligned(fromByteOffset: 0, as: UInt64.self), raw.loadUnaligned(fromByteOffset: 8, as: UInt64.self),
                        raw.loadUnaligned(fromByteOffset: 16, as: UInt64.self), raw.loadUnaligned(fromByteOffset: 24, as: UInt64.self))
            }
        }
    }

    /// A session as read from the database, and when it was read.
    private struct RememberedSession: Sendable {
        var session: StoredSession
        let readAt: Int64
    }

    /// A Basic login that succeeded, and until when it counts.
    private struct BasicLogin: Sendable {
        let caller: Caller
        let expiresAt: Int64
    }

    /// Creates an authenticator over the sessions and devices tables; HTTP Basic with a phone and
    /// password needs `passwordHasher`, and is held to `loginLimits` like the login endpoint.
    public init(
        database: any DatabaseWriter, clock: any WallClock, presence: Presence, secrets: SecretHasher, sessionLifetimeSeconds: Int,
        passwordHasher: PasswordHasher? = nil, loginLimits: LoginLimits? = nil, basicCredentialCacheSeconds: Int = 300
    ) {
        self.database = database
        self.touches = SessionTouches(database: database)
        self.clock = clock
        self.presence = presence
        self.secrets = secrets
        self.sessionLifetimeMilliseconds = Int64(sessionLifetimeSeconds) * 1000
        self.passwordHasher = passwordHasher
        self.loginLimits = loginLimits
        self.basicCacheMilliseconds = Int64(basicCredentialCacheSeconds) * 1000
    }

    /// The caller owning device key `key` (tracking clients); 401 for an unknown or revoked key.
    /// A key `inHeader` reads what it was created to read; one from a URL query, or a post-only key
    /// (`PostOnlyDeviceKey`), only writes.
    /// Counts as a heartbeat; `devices.last_used_at_ms` is written at most once per touch interval.
    public func authenticate(deviceKey key: String, inHeader: Bool) throws -> Caller {
        let now = clock.now().unixMilliseconds
        func device(digest: [UInt8]) throws -> StoredDeviceKey? {
            try database.read { db in try DeviceStore(db: db).device(withKeyDigest: digest) }
        }
        let digest = secrets.digest(key)
        let legacyDigest = secrets.legacyDigest(key)
        var found = try device(digest: digest)
        if found == nil, try device(digest: legacyDigest) != nil {
            _ = try database.write { db in try DeviceStore(db: db).rewriteKeyDigest(legacyDigest, to: digest) }
            found = try device(digest: digest)
        }
        guard let device = found else { throw HTTPError.unauthorized("The device key is unknown or was revoked.") }
        let reach: CallerReach = !inHeader || PostOnlyDeviceKey.isPostOnly(key)
            ? .writeOnly : device.readsOthers ? .deviceReadingOthers : .deviceReadingOwn
        return try caller(using: device, reach: reach, at: now)
    }

    /// The caller whose device publishes on OwnTracks topic `topic` in MQTT mode (the broker
    /// authenticated the phone; the topic names the device), reading what the device was made to
    /// read; nil when no device has the topic. Counts as a heartbeat, like a key.
    public func authenticate(ownTracksTopic topic: String) throws -> Caller? {
        let now = clock.now().unixMilliseconds
        guard let device = try database.read({ db in try DeviceStore(db: db).device(withOwnTracksTopic: topic) }) else { return nil }
        return try caller(using: device, reach: device.readsOthers ? .deviceReadingOthers : .deviceReadingOwn, at: now)
    }

    /// The caller a phone in MQTT mode acts as, for what the server publishes to it unasked (its
    /// friends, a guardian's locate request): what `authenticate(ownTracksTopic:)` would give, without
    /// counting as a heartbeat.
    static func caller(ofOwnTracksDevice device: OwnTracksDevice) -> Caller {
        Caller(
            accountKey: device.accountKey, accountID: device.accountID, sessionID: nil,
            reach: device.readsOthers ? .deviceReadingOthers : .deviceReadingOwn, deviceID: device.id)
    }

    /// The caller of `device`, after noting the heartbeat (`devices.last_used_at_ms` at most once per
    /// touch interval).
    private func caller(using device: StoredDeviceKey, reach: CallerReach, at now: Int64) throws -> Caller {
        presence.touch(device.accountKey, at: Timestamp(unixMilliseconds: now))
        if now - (device.lastUsedAt ?? 0) >= Self.touchIntervalMilliseconds {
            try database.write { db in
                try DeviceStore(db: db).touch(device.id, at: now)
                try AccountStore(db: db).noteSeen(device.accountKey, at: now)
            }
        }
        return Caller(accountKey: device.accountKey, accountID: device.accountID, sessionID: nil, reach: reach, deviceID: device.id)
    }

    /// The caller of an `Authorization: Basic` value: phone and password, or any user name with a
    /// device key as the password. Successful logins are remembered for the cache lifetime (by the
    /// keyed digest of the value) so a phone posting every few seconds costs one password hash, not one each.
    public func authenticate(basic value: String, clientHost: String) throws -> Caller {
        let now = clock.now().unixMilliseconds
        let digest = DigestKey(secrets.digest(value))
        if let cached = basicCache.withLock({ $0[digest] }), cached.expiresAt > now {
            presence.touch(cached.caller.accountKey, at: Timestamp(unixMilliseconds: now))
            return cached.caller
        }
        guard let decoded = Data(base64Encoded: value).flatMap({ String(data: $0, encoding: .utf8) }),
              let colon = decoded.firstIndex(of: ":") else {
            throw HTTPError.unauthorized("The Basic credentials are malformed.")
        }
        let user = String(decoded[..<colon])
        let password = String(decoded[decoded.index(after: colon)...])
        let caller: Caller
        if let device = try? authenticate(deviceKey: password, inHeader: true) {
            caller = device
        } else {
            caller = try authenticate(phone: user, password: password, clientHost: clientHost, at: now)
        }
        basicCache.withLock { cache in
            cache = cache.filter { $0.value.expiresAt > now }
            cache[digest] = BasicLogin(caller: caller, expiresAt: now + basicCacheMilliseconds)
        }
        return caller
    }

    private func authenticate(phone: String, password: String, clientHost: String, at now: Int64) throws -> Caller {
        guard let passwordHasher else { throw HTTPError.unauthorized() }
        let normalized = try? PhoneNumber(normalizing: phone)
        try loginLimits?.enforce(phone: normalized?.e164, clientHost: clientHost)
        let account = try normalized.flatMap { phone in
            try database.read { db in try AccountStore(db: db).credentials(phone: phone.e164) }
        }
        guard passwordHasher.verify(password, against: account?.passwordHash), let account else {
            loginLimits?.recordFailure(phone: normalized?.e164, clientHost: clientHost)
            throw HTTPError.unauthorized("The phone or password is wrong.")
        }
        presence.touch(account.key, at: Timestamp(unixMilliseconds: now))
        return Caller(accountKey: account.key, accountID: account.id, sessionID: nil)
    }

    /// The caller of a tracking client's request: HTTP Basic, a bearer session token or device key,
    /// or a device key in `?token=`; 401 without valid credentials.
    public func authenticateClient(_ context: RequestContext) throws -> Caller {
        if let basic = Self.credentials(scheme: "basic", in: context.request.headers) {
            return try authenticate(basic: String(basic), clientHost: context.origin.address)
        }
        if let token = Self.bearerToken(in: context.request.headers) {
            return try (try? authenticate(token: token)) ?? authenticate(deviceKey: token, inHeader: true)
        }
        if let token = context.query["token"] {
            return try authenticate(deviceKey: token, inHeader: false)
        }
        throw HTTPError.unauthorized()
    }

    /// Forgets the remembered Basic logins of `account`, so a changed password or a deleted account
    /// stops working for tracking clients at once.
    public func forgetBasicLogins(of account: AccountKey) {
        basicCache.withLock { cache in cache = cache.filter { $0.value.caller.accountKey != account } }
    }

    /// The caller of `context`, from `Authorization: Bearer <token>` or, for the web app, the session
    /// cookie (`SessionCookie`); 401 without a valid token. A cookie-authenticated request that may
    /// change something also needs the session's CSRF token in `X-CSRF-Token`, else 403: a page of
    /// another site can make the browser send the cookie, never that header; and one the browser
    /// says came from another site (`Sec-Fetch-Site`, `Origin`) is refused with 403 as well.
    public func authenticate(_ context: RequestContext) throws -> Caller {
        if let token = Self.bearerToken(in: context.request.headers) {
            return try authenticate(token: token)
        }
        guard !context.request.headers.contains("Authorization"),
              let token = SessionCookie.token(in: context.request.headers) else {
            throw HTTPError.unauthorized()
        }
        let caller = try authenticate(token: token)
        if SessionCookie.needsCSRFToken(context.request.method) {
            guard !SessionCookie.isCrossSite(context.request.headers) else {
                throw HTTPError.forbidden("A change made with the session cookie must come from this site's own pages.")
            }
            let expected = Array(SessionCookie.csrfToken(forSessionToken: token).utf8)
            let sent = context.request.headers[SessionCookie.csrfHeader].map { Array($0.utf8) } ?? []
            guard SecretDigest.constantTimeEquals(sent, expected) else {
                throw HTTPError.forbidden("A request made with the session cookie needs the session's \(SessionCookie.csrfHeader) header.")
            }
        }
        return caller
    }

    /// The caller owning the session of `token`; 401 for an unknown, revoked or expired token.
    public func authenticate(token: String) throws -> Caller {
        guard let caller = try authenticate(token: token, mayReadDatabase: true) else { throw HTTPError.unauthorized() }
        return caller
    }

    /// The caller of the bearer token in `headers` if its session is remembered from the database
    /// within `sessionCacheMilliseconds` and valid, authenticated as `authenticate(_:)` would (a
    /// heartbeat, the session's expiry slid); nil if that would need a database read or fail. Never
    /// blocks: an I/O thread asks before running a handler itself, and hands the handler the caller.
    public func authenticateIfRemembered(_ headers: HTTPHeaders) -> Caller? {
        guard let token = Self.bearerToken(in: headers) else { return nil }
        return (try? authenticate(token: token, mayReadDatabase: false)) ?? nil
    }

    /// The caller of the session of `token`, reading the sessions table when the session is not
    /// remembered, or nil then if `mayReadDatabase` is false; 401 for an unknown, revoked or expired token.
    private func authenticate(token: String, mayReadDatabase: Bool) throws -> Caller? {
        let digest = secrets.digest(token)
        let key = DigestKey(digest)
        let now = clock.now().unixMilliseconds
        let entry = rememberedSession(key, at: now)
        let remembered = entry?.isFresh == true ? entry?.session : nil
        if remembered == nil && !mayReadDatabase { return nil }
        var found = try remembered ?? storedSession(digest: digest)
        if found == nil, remembered == nil {
            let legacyDigest = secrets.legacyDigest(token)
            if try storedSession(digest: legacyDigest) != nil {
                _ = try database.write { db in try AccountStore(db: db).rewriteSessionTokenDigest(legacyDigest, to: digest) }
                found = try storedSession(digest: digest)
            }
        }
        if remembered == nil, let known = entry?.session, var read = found, known.id == read.id {
            // Our own touch of this session may still be on its way to the disk: the row exists (the
            // session was not ended), and the expiry it slid to is what this process last wrote.
            read.expiresAt = max(read.expiresAt, known.expiresAt)
            read.lastUsedAt = max(read.lastUsedAt, known.lastUsedAt)
            found = read
        }
        guard var session = found, session.expiresAt > now else {
            if entry != nil { _ = sessionCache.withLock { $0.removeValue(forKey: key) } }
            throw HTTPError.unauthorized("The token is invalid or has expired.")
        }
        presence.touch(session.accountKey, at: Timestamp(unixMilliseconds: now))
        if now - session.lastUsedAt >= Self.touchIntervalMilliseconds {
            let expiresAt = now + sessionLifetimeMilliseconds
            session.lastUsedAt = now
            session.expiresAt = expiresAt
            // Bookkeeping, not part of the request: queued without waiting for the commit (the
            // caller may be an I/O thread), with the other sessions touched meanwhile. If it fails,
            // the next use a minute later tries again.
            touches.note(SessionTouches.Touch(sessionID: session.id, account: session.accountKey, at: now, expiresAt: expiresAt))
        }
        if remembered == nil {
            sessionCache.withLock { cache in
                if cache.count >= Self.maxStoredSessions { cache.removeAll(keepingCapacity: true) }
                cache[key] = RememberedSession(session: session, readAt: now)
            }
        } else if session.lastUsedAt == now {
            // Touched just now: the remembered copy takes the new expiry, still trusted only until
            // its time bound since the database was last read.
            sessionCache.withLock { cache in cache[key]?.session = session }
        }
        return Caller(accountKey: session.accountKey, accountID: session.accountID, sessionID: session.id)
    }

    /// The session whose token has `digest` in the database, if any.
    private func storedSession(digest: [UInt8]) throws -> StoredSession? {
        try database.read { db in try AccountStore(db: db).session(withTokenDigest: digest) }
    }

    /// The remembered session of the token whose keyed digest is `key`, and whether it was read from the
    /// database within `sessionCacheMilliseconds` of `now`.
    private func rememberedSession(_ key: DigestKey, at now: Int64) -> (session: StoredSession, isFresh: Bool)? {
        sessionCache.withLock { $0[key] }.map { entry in
            (entry.session, now - entry.readAt < Self.sessionCacheMilliseconds)
        }
    }

    /// Forgets the remembered sessions of `account`; call once a change that ends any of its
    /// sessions has committed, so their tokens stop working at once.
    public func forgetSessions(of account: AccountKey) {
        sessionCache.withLock { cache in cache = cache.filter { $0.value.session.accountKey != account } }
    }

    /// The token of an `Authorization: Bearer` field, if there is one.
    static func bearerToken(in headers: HTTPHeaders) -> String? {
        guard let token = credentials(scheme: "bearer", in: headers), !token.utf8.contains(UInt8(ascii: " ")) else { return nil }
        return String(token)
    }

    /// What follows `scheme` (lower-case letters) in the Authorization field: the scheme in any case,
    /// one or more spaces, then at least one byte. Read as bytes, since every authenticated request
    /// comes through here.
    static func credentials(scheme: String, in headers: HTTPHeaders) -> Substring? {
        guard let value = headers["Authorization"] else { return nil }
        let space = UInt8(ascii: " ")
        var rest = value.utf8[...]
        while rest.first == space { rest = rest.dropFirst() }
        for expected in scheme.utf8 {
            // For a lower-case letter, only it and its upper case give it when OR-ed with 0x20.
            guard let byte = rest.first, byte | 0x20 == expected else { return nil }
            rest = rest.dropFirst()
        }
        guard rest.first == space else { return nil }
        while rest.first == space { rest = rest.dropFirst() }
        return rest.isEmpty ? nil : Substring(rest)
    }
}
