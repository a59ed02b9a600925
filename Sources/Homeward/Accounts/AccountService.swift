import Foundation
import HomewardHTTP

/// Registration, login, profile, password and account deletion: validation, argon2id hashing
/// (always before, never inside, a write block), rate limits and the store's writes.
struct AccountService: Sendable {
    /// The longest name, in characters.
    static let maxNameCharacters = 100
    /// The longest device name given at login, in characters.
    static let maxDeviceNameCharacters = 100

    private let store: AccountStore
    private let hasher: PasswordHasher
    private let passwordPolicy = PasswordPolicy.standard
    private let loginLimits: LoginLimits
    private let authenticator: Authenticator
    private let clock: any WallClock
    private let secrets: SecretHasher
    private let metrics: AppMetrics
    private let presence: Presence
    private let accountMemories: [any AccountMemory]
    private let liveAccess: any LiveAccess
    private let sessionLifetimeMilliseconds: Int64

    /// The service of `app`.
    init(app: HomewardApp) {
        store = AccountStore(database: app.database)
        hasher = app.passwordHasher
        loginLimits = app.loginLimits
        authenticator = app.authenticator
        clock = app.clock
        secrets = app.secrets
        metrics = app.metrics
        presence = app.presence
        accountMemories = app.accountMemories
        liveAccess = app.eventStreams
        sessionLifetimeMilliseconds = Int64(app.configuration.sessionLifetimeSeconds) * Timestamp.millisecondsPerSecond
    }

    // MARK: Accounts

    /// Creates an account: 400 for a bad phone, weak password or bad name, 409 for a taken phone.
    func register(_ request: RegistrationRequest) throws -> AccountResource {
        let phone: PhoneNumber
        do {
            phone = try PhoneNumber(normalizing: request.phone)
        } catch {
            throw error.httpError(field: "phone")
        }
        do {
            try passwordPolicy.validate(request.password)
        } catch {
            throw error.httpError(field: "password")
        }
        let name = try Self.validatedName(request.name)
        // Saves an argon2id computation for the common case; createAccount checks again inside the write.
        guard try !store.isRegistered(phone: phone.e164) else {
            throw HTTPError.conflict("An account with this phone number exists already.")
        }
        let passwordHash = try hasher.hash(request.password)
        return try store.createAccount(phone: phone.e164, name: name, passwordHash: passwordHash, at: clock.now())
    }

    /// The account of `caller`.
    func account(of caller: Caller) throws -> AccountResource {
        try store.account(caller.accountKey)
    }

    /// Applies PATCH /v1/me: a new name and/or profile changes.
    func update(_ caller: Caller, with request: AccountUpdateRequest) throws -> AccountResource {
        let current = try store.account(caller.accountKey)
        let name = try request.name.map(Self.validatedName) ?? current.name
        let now = clock.now()
        let currentYear = Calendar(identifier: .gregorian).component(
            .year, from: Date(timeIntervalSince1970: Double(now.unixMilliseconds) / 1000))
        let profile = try (request.profile?.applied(to: current.profile, currentYear: currentYear) ?? current.profile)
            .validated(currentYear: currentYear)
        return try store.update(caller.accountKey, name: name, profile: profile, at: now)
    }

    /// Replaces the password after checking the current one; revokes every other session, every
    /// share link, every device key and the verification code.
    func changePassword(of caller: Caller, _ request: PasswordChangeRequest, from clientHost: String) throws {
        let credentials = try confirmPassword(request.currentPassword, of: caller, from: clientHost)
        do {
            try passwordPolicy.validate(request.newPassword)
        } catch {
            throw error.httpError(field: "newPassword")
        }
        let passwordHash = try hasher.hash(request.newPassword)
        try store.changePasswordHash(of: credentials.key, to: passwordHash, keeping: caller.sessionID, at: clock.now())
        liveAccess.sessionsEnded(of: credentials.key, except: caller.sessionID)
        authenticator.forgetBasicLogins(of: credentials.key)
        authenticator.forgetSessions(of: credentials.key)
    }

    /// Erases the account of `caller` and everything that belongs to it, after checking the password.
    func deleteAccount(of caller: Caller, _ request: AccountDeletionRequest, from clientHost: String) throws {
        let credentials = try confirmPassword(request.password, of: caller, from: clientHost)
        try store.deleteAccount(credentials.key)
        for memory in accountMemories { memory.forget(credentials.key) }
    }

    /// Stores a new profile picture for `caller`.
    func setAvatar(of caller: Caller, to bytes: [UInt8]) throws {
        try store.setAvatar(AvatarImage(uploaded: bytes), of: caller.accountKey, at: clock.now())
    }

    /// Removes the profile picture of `caller`.
    func removeAvatar(of caller: Caller) throws {
        try store.setAvatar(nil, of: caller.accountKey, at: clock.now())
    }

    /// A name as stored: trimmed, 1 to `maxNameCharacters` characters, no control characters.
    static func validatedName(_ name: String) throws(HTTPError) -> String {
        let trimmed = name.trimmingCharacters(in: .whitespacesAndNewlines)
        guard (1...maxNameCharacters).contains(trimmed.count) else {
            throw .invalidRequest("name must have 1 to \(maxNameCharacters) characters", field: "name")
        }
        guard !trimmed.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
            throw .invalidRequest("name must not contain control characters", field: "name")
        }
        return trimmed
    }

    // MARK: Sessions

    /// Seconds the answer to `request` must wait because its phone is past its ceiling of failures
    /// (`LoginLimits.slowdown(phone:)`); nil when it need not.
    func loginSlowdown(for request: LoginRequest) -> Double? {
        loginLimits.slowdown(phone: (try? PhoneNumber(normalizing: request.phone))?.e164)
    }

    /// Logs in: 429 while the client address, alone or with this phone, has too many recent failures, 401 for an
    /// unknown phone or a wrong password alike (both cost one argon2id verification).
    func logIn(_ request: LoginRequest, from clientHost: String) throws -> LoginResponse {
        let deviceName = try Self.validatedDeviceName(request.deviceName)
        let phone = (try? PhoneNumber(normalizing: request.phone))?.e164
        do {
            try loginLimits.enforce(phone: phone, clientHost: clientHost)
        } catch {
            metrics.increment("homeward_logins_total", labels: ["outcome": "limited"])
            throw error
        }
        let credentials = try phone.flatMap { try store.credentials(phone: $0) }
        let verified = phone != nil && hasher.verify(request.password, against: credentials?.passwordHash)
        guard verified, let credentials else {
            loginLimits.recordFailure(phone: phone, clientHost: clientHost)
            metrics.increment("homeward_logins_total", labels: ["outcome": "failure"])
            throw HTTPError.unauthorized("The phone number or the password is wrong.")
        }
        loginLimits.recordSuccess(phone: credentials.phone, clientHost: clientHost)
        let upgradedHash = hasher.needsRehash(credentials.passwordHash) ? try hasher.hash(request.password) : nil
        let token = SecureRandom.token()
        let now = clock.now()
        let expiresAt = now.adding(milliseconds: sessionLifetimeMilliseconds)
        try store.createSession(
            for: credentials.key, tokenDigest: secrets.digest(token), deviceName: deviceName,
            upgradedHash: upgradedHash, at: now, expiresAt: expiresAt
        )
        presence.touch(credentials.key, at: now)
        metrics.increment("homeward_logins_total", labels: ["outcome": "success"])
        return LoginResponse(token: token, expiresAt: expiresAt, account: try store.account(credentials.key))
    }

    /// The live sessions of `caller`'s account.
    func sessions(of caller: Caller) throws -> SessionList {
        SessionList(sessions: try store.sessions(of: caller.accountKey, current: caller.sessionID, at: clock.now()))
    }

    /// Ends the session `id` of `caller`'s account (its ownership checked by the access policy).
    func endSession(_ id: String, of caller: Caller) throws {
        try store.deleteSession(id, of: caller.accountKey)
        liveAccess.sessionEnded(id)
        authenticator.forgetSessions(of: caller.accountKey)
    }

    private static func validatedDeviceName(_ deviceName: String?) throws(HTTPError) -> String? {
        guard let trimmed = deviceName?.trimmingCharacters(in: .whitespacesAndNewlines), !trimmed.isEmpty else {
            return nil
        }
        guard trimmed.count <= maxDeviceNameCharacters else {
            throw .invalidRequest("deviceName must have at most \(maxDeviceNameCharacters) characters", field: "deviceName")
        }
        return trimmed
    }

    /// Checks `password` against `caller`'s account under the same limits as logins, so a stolen
    /// token cannot be used to guess the password, while a stranger's guesses from elsewhere never
    /// stop the owner: 429 when limited, 403 when wrong.
    private func confirmPassword(_ password: String, of caller: Caller, from clientHost: String) throws -> StoredCredentials {
        let credentials = try store.credentials(key: caller.accountKey)
        try loginLimits.enforce(phone: credentials.phone, clientHost: clientHost)
        guard hasher.verify(password, against: credentials.passwordHash) else {
            loginLimits.recordFailure(phone: credentials.phone, clientHost: clientHost)
            throw HTTPError.forbidden("The password is wrong.")
        }
        return credentials
    }
}
