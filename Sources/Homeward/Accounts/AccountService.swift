import Foundation
import HomewardHTTP
import HomewardStore

/// Registration, login, profile, password and account deletion: validation, argon2id hashing
/// (always before, never inside, a write block), rate limits and the store's writes.
struct AccountService: Sendable {
    /// The longest name, in characters.
    static let maxNameCharacters = 100
    /// The longest device name given at login, in characters.
    static let maxDeviceNameCharacters = 100

    private let database: any DatabaseWriter
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
    private let phoneNumbers: PhoneNumberReader
    private let accessPolicy: AccessPolicy

    /// Creates the service storing accounts in `database`, hashing passwords with `hasher` under
    /// `loginLimits`, opening sessions that last `sessionLifetimeSeconds` through `authenticator`,
    /// and, when an account goes, emptying `accountMemories` of it and telling `liveAccess`.
    init(
        database: any DatabaseWriter, hasher: PasswordHasher, loginLimits: LoginLimits, authenticator: Authenticator,
        clock: any WallClock, secrets: SecretHasher, metrics: AppMetrics, presence: Presence,
        accountMemories: [any AccountMemory], liveAccess: any LiveAccess, sessionLifetimeSeconds: Int,
        phoneNumbers: PhoneNumberReader, accessPolicy: AccessPolicy
    ) {
        self.phoneNumbers = phoneNumbers
        self.accessPolicy = accessPolicy
        self.database = database
        self.hasher = hasher
        self.loginLimits = loginLimits
        self.authenticator = authenticator
        self.clock = clock
        self.secrets = secrets
        self.metrics = metrics
        self.presence = presence
        self.accountMemories = accountMemories
        self.liveAccess = liveAccess
        sessionLifetimeMilliseconds = Int64(sessionLifetimeSeconds) * Timestamp.millisecondsPerSecond
    }

    // MARK: Accounts

    /// Creates an account: 400 for a bad phone, weak password or bad name, 409 for a taken phone.
    func register(_ request: RegistrationRequest) throws -> AccountResource {
        let phone: PhoneNumber
        do {
            phone = try phoneNumbers.read(request.phone, country: request.country)
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
        guard try !database.read({ db in try AccountStore(db: db).isRegistered(phone: phone.e164) }) else {
            throw Self.phoneTakenError
        }
        let passwordHash = try hasher.hash(request.password)
        let now = clock.now()
        do {
            return try database.write { db in
                let store = AccountStore(db: db)
                let key = try store.createAccount(phone: phone.e164, name: name, passwordHash: passwordHash, at: now)
                guard let account = try store.account(key) else { throw HTTPError.internalError }
                return account
            }
        } catch AccountStoreError.phoneTaken {
            throw Self.phoneTakenError
        }
    }

    /// A registration with a phone number another account has.
    private static let phoneTakenError = HTTPError.conflict("An account with this phone number exists already.")

    /// The account of `caller`.
    func account(of caller: Caller) throws -> AccountResource {
        try account(caller.accountKey)
    }

    /// The account with `key`; 404 if it was deleted meanwhile.
    private func account(_ key: AccountKey) throws -> AccountResource {
        guard let account = try database.read({ db in try AccountStore(db: db).account(key) }) else { throw HTTPError.notFound() }
        return account
    }

    /// Applies PATCH /v1/me: a new name and/or profile changes.
    func update(_ caller: Caller, with request: AccountUpdateRequest) throws -> AccountResource {
        let current = try account(caller.accountKey)
        let name = try request.name.map(Self.validatedName) ?? current.name
        let now = clock.now()
        let currentYear = Calendar(identifier: .gregorian).component(
            .year, from: Date(timeIntervalSince1970: Double(now.unixMilliseconds) / 1000))
        let profile = try (request.profile?.applied(to: current.profile, currentYear: currentYear) ?? current.profile)
            .validated(currentYear: currentYear)
        return try database.write { db in
            let store = AccountStore(db: db)
            try store.update(caller.accountKey, name: name, profile: profile, at: now)
            guard let account = try store.account(caller.accountKey) else { throw HTTPError.notFound() }
            return account
        }
    }

    /// Replaces the password after checking the current one; revokes every other session, every
    /// share link and the verification code. Device keys stay: a phone set up to send the person's
    /// position (or an app that watches the family) keeps the family covered, so it stops only when
    /// removed on its own (each is listed with when it was last heard from; docs/security.md).
    func changePassword(of caller: Caller, _ request: PasswordChangeRequest, from clientHost: String) throws {
        let credentials = try confirmPassword(request.currentPassword, of: caller, from: clientHost)
        do {
            try passwordPolicy.validate(request.newPassword)
        } catch {
            throw error.httpError(field: "newPassword")
        }
        let passwordHash = try hasher.hash(request.newPassword)
        let now = clock.now()
        try database.write { db in
            let accounts = AccountStore(db: db)
            try accounts.changePasswordHash(of: credentials.key, to: passwordHash, at: now)
            try accounts.deleteSessions(of: credentials.key, except: caller.sessionID)
            // Every way to look handed out while the old password held ends with it: a thief who
            // knew it may have made a share link or a verification code of their own. Device keys
            // stay (a father's phone must not fall silent because a password changed); they are
            // listed and removed one by one.
            try ShareStore(db: db).deleteShares(of: credentials.key)
            try LinkStore(db: db).deleteCode(of: credentials.key)
        }
        liveAccess.sessionsEnded(of: credentials.key, except: caller.sessionID)
        authenticator.forgetBasicLogins(of: credentials.key)
        authenticator.forgetSessions(of: credentials.key)
    }

    /// Sets a new password with the token of a reset link (`PasswordResetToken`) and ends every
    /// session of the account; 403 when the link expired or was used (the password changed since).
    /// Device keys stay: a phone set up for the person keeps reporting (they are listed and revocable).
    func resetPassword(_ request: PasswordResetRequest) throws {
        let now = clock.now()
        guard let accountID = PasswordResetToken.parse(request.token)?.accountID,
              let credentials = try database.read({ db in try AccountStore(db: db).credentials(accountID: accountID) }),
              PasswordResetToken.isValid(request.token, passwordHash: credentials.passwordHash, at: now, secrets: secrets) else {
            throw HTTPError.forbidden("This link has expired or was already used: ask for a new one.")
        }
        do {
            try passwordPolicy.validate(request.newPassword)
        } catch {
            throw error.httpError(field: "newPassword")
        }
        let passwordHash = try hasher.hash(request.newPassword)
        let changed = try database.write { db in
            let accounts = AccountStore(db: db)
            // Checked again in the write: two uses of one link racing, one wins.
            guard try accounts.credentials(key: credentials.key)?.passwordHash == credentials.passwordHash else { return false }
            try accounts.changePasswordHash(of: credentials.key, to: passwordHash, at: now)
            try accounts.deleteSessions(of: credentials.key, except: nil)
            return true
        }
        guard changed else { throw HTTPError.forbidden("This link has expired or was already used: ask for a new one.") }
        liveAccess.sessionsEnded(of: credentials.key, except: nil)
        authenticator.forgetBasicLogins(of: credentials.key)
        authenticator.forgetSessions(of: credentials.key)
    }

    /// Erases the account of `caller` and everything that belongs to it, after checking the password.
    func deleteAccount(of caller: Caller, _ request: AccountDeletionRequest, from clientHost: String) throws {
        let credentials = try confirmPassword(request.password, of: caller, from: clientHost)
        try database.write { db in try AccountStore(db: db).deleteAccount(credentials.key) }
        for memory in accountMemories { memory.forget(credentials.key) }
    }

    /// Stores a new profile picture for `caller`.
    func setAvatar(of caller: Caller, to bytes: [UInt8]) throws {
        let image = try AvatarImage(uploaded: bytes)
        let now = clock.now()
        try database.write { db in try AccountStore(db: db).setAvatar(image, of: caller.accountKey, at: now) }
    }

    /// Removes the profile picture of `caller`.
    func removeAvatar(of caller: Caller) throws {
        let now = clock.now()
        try database.write { db in try AccountStore(db: db).setAvatar(nil, of: caller.accountKey, at: now) }
    }

    /// The profile picture of the account `id`, when the caller may see its profile; 404 when not, or
    /// when it has none.
    func avatar(of id: String, to caller: Caller) throws -> AvatarImage {
        let avatar = try database.read { db in
            let key = try accessPolicy.visibleAccount(id, to: caller, in: db, allowing: AccessPolicy.profileViewers)
            return try AccountStore(db: db).avatar(of: key)
        }
        guard let avatar else { throw HTTPError.notFound("No profile picture is set.") }
        return avatar
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
        loginLimits.slowdown(phone: (try? phoneNumbers.read(request.phone, country: request.country))?.e164)
    }

    /// Logs in: 429 while the client address, alone or with this phone, has too many recent failures, 401 for an
    /// unknown phone or a wrong password alike (both cost one argon2id verification), 400 for a phone
    /// that is no phone number (counted nowhere).
    func logIn(_ request: LoginRequest, from clientHost: String) throws -> LoginResponse {
        let deviceName = try Self.validatedDeviceName(request.deviceName)
        // A phone that is no phone number matches no account: a typing mistake, not a guess, so it is
        // answered 400 and counts towards no limit.
        let phone: String
        do {
            phone = try phoneNumbers.read(request.phone, country: request.country).e164
        } catch {
            throw error.httpError(field: "phone")
        }
        do {
            try loginLimits.enforce(phone: phone, clientHost: clientHost)
        } catch {
            metrics.increment("homeward_logins_total", labels: ["outcome": "limited"])
            throw error
        }
        let credentials = try database.read { db in try AccountStore(db: db).credentials(phone: phone) }
        guard hasher.verify(request.password, against: credentials?.passwordHash), let credentials else {
            loginLimits.recordFailure(phone: phone, clientHost: clientHost)
            metrics.increment("homeward_logins_total", labels: ["outcome": "failure"])
            throw HTTPError.unauthorized("The phone number or the password is wrong.")
        }
        loginLimits.recordSuccess(phone: credentials.phone, clientHost: clientHost)
        let upgradedHash = hasher.needsRehash(credentials.passwordHash) ? try hasher.hash(request.password) : nil
        let token = SecureRandom.token()
        let now = clock.now()
        let expiresAt = now.adding(milliseconds: sessionLifetimeMilliseconds)
        try database.write { db in
            let store = AccountStore(db: db)
            try store.createSession(
                for: credentials.key, tokenDigest: secrets.digest(token), deviceName: deviceName, at: now, expiresAt: expiresAt)
            try store.noteSeen(credentials.key, at: now.unixMilliseconds)
            // The same password, hashed with the stronger parameters of today.
            if let upgradedHash { try store.upgradePasswordHash(of: credentials.key, to: upgradedHash) }
        }
        presence.touch(credentials.key, at: now)
        metrics.increment("homeward_logins_total", labels: ["outcome": "success"])
        return LoginResponse(token: token, expiresAt: expiresAt, account: try account(credentials.key))
    }

    /// The live sessions of `caller`'s account.
    func sessions(of caller: Caller) throws -> SessionList {
        let now = clock.now()
        return SessionList(sessions: try database.read { db in
            try AccountStore(db: db).sessions(of: caller.accountKey, current: caller.sessionID, at: now)
        })
    }

    /// Ends the session `id` of `caller`'s account, when it is one of theirs (404 otherwise).
    func endOwnSession(_ id: String, of caller: Caller) throws {
        let now = clock.now()
        try database.read { db in try accessPolicy.requireOwnSession(id, of: caller, at: now, in: db) }
        try endSession(id, of: caller)
    }

    /// Ends the session `id` of `caller`'s account (its ownership checked by the access policy).
    func endSession(_ id: String, of caller: Caller) throws {
        try database.write { db in try AccountStore(db: db).deleteSession(id, of: caller.accountKey) }
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

    /// Checks `password` against `caller`'s account, limited per session and client address
    /// (`LoginLimits.enforceConfirmation`), so a stolen token cannot be used to guess the password,
    /// while a stranger's wrong logins, from elsewhere or from the owner's own address, never stop the
    /// owner: 429 when limited, 403 when wrong.
    private func confirmPassword(_ password: String, of caller: Caller, from clientHost: String) throws -> StoredCredentials {
        guard let credentials = try database.read({ db in try AccountStore(db: db).credentials(key: caller.accountKey) }) else {
            throw HTTPError.notFound()
        }
        let session = caller.sessionID ?? "account:\(caller.accountID)"
        try loginLimits.enforceConfirmation(session: session, clientHost: clientHost)
        guard hasher.verify(password, against: credentials.passwordHash) else {
            loginLimits.recordConfirmationFailure(session: session, phone: credentials.phone, clientHost: clientHost)
            throw HTTPError.forbidden("The password is wrong.")
        }
        return credentials
    }
}
