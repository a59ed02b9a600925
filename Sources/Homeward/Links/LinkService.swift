import Foundation
import HomewardHTTP
import HomewardStore

/// Verification codes and guardian links: drawing and checking codes, the brute-force limits on
/// them, and the store's writes. A code is single-use: the link it makes spends it, and the
/// dependent draws a new one for the next guardian. It lives `defaultCodeLifetimeSeconds` unless the
/// request says otherwise, never longer than `maxCodeLifetimeSeconds`.
struct LinkService: Sendable {
    /// Digits of a code the server draws.
    static let generatedCodeDigits = 6
    /// The fewest characters of a code the dependent chooses.
    static let minChosenCodeCharacters = 6
    /// The most characters of a code the dependent chooses.
    static let maxChosenCodeCharacters = 64
    /// The shortest lifetime a code may be given, in seconds.
    static let minCodeLifetimeSeconds = 60
    /// The longest lifetime a code may be given, in seconds (7 days): a code left lying around
    /// should not stay a way in.
    static let maxCodeLifetimeSeconds = 7 * 24 * 3600

    private let database: any DatabaseWriter
    private let rateLimiter: RateLimiter
    private let failuresPerTarget: RateLimitPolicy
    private let failuresPerCaller = RateLimitPolicy.verificationCodeFailuresPerCaller
    private let failuresPerClientAddress = RateLimitPolicy.verificationCodeFailuresPerClientAddress
    private let clock: any WallClock
    private let secrets: SecretHasher
    private let defaultCodeLifetimeSeconds: Int
    private let liveAccess: any LiveAccess
    private let phoneNumbers: PhoneNumberReader

    /// Creates the service storing codes and links in `database`, digesting codes under `secrets`,
    /// limiting wrong guesses with `rateLimiter` (`failuresPerTarget` a dependent's code), drawing
    /// codes that live `defaultCodeLifetimeSeconds`, and telling `liveAccess` when a link ends.
    init(
        database: any DatabaseWriter, rateLimiter: RateLimiter, failuresPerTarget: RateLimitPolicy, clock: any WallClock,
        secrets: SecretHasher, defaultCodeLifetimeSeconds: Int, liveAccess: any LiveAccess, phoneNumbers: PhoneNumberReader
    ) {
        self.phoneNumbers = phoneNumbers
        self.database = database
        self.rateLimiter = rateLimiter
        self.failuresPerTarget = failuresPerTarget
        self.clock = clock
        self.secrets = secrets
        self.defaultCodeLifetimeSeconds = defaultCodeLifetimeSeconds
        self.liveAccess = liveAccess
    }

    /// Sets the caller's verification code: the chosen one, or a random 6-digit one.
    func setCode(of caller: Caller, _ request: VerificationCodeRequest) throws -> VerificationCode {
        let lifetimeSeconds = request.ttlSeconds ?? defaultCodeLifetimeSeconds
        guard (Self.minCodeLifetimeSeconds...Self.maxCodeLifetimeSeconds).contains(lifetimeSeconds) else {
            throw HTTPError.invalidRequest(
                "ttlSeconds must lie between \(Self.minCodeLifetimeSeconds) and \(Self.maxCodeLifetimeSeconds)",
                field: "ttlSeconds")
        }
        let code = try request.code.map(Self.validatedChosenCode) ?? SecureRandom.digits(count: Self.generatedCodeDigits)
        let now = clock.now()
        let expiresAt = now.adding(milliseconds: Int64(lifetimeSeconds) * Timestamp.millisecondsPerSecond)
        try database.write { db in
            try LinkStore(db: db).setCode(digest: secrets.digest(code), of: caller.accountKey, at: now, expiresAt: expiresAt)
        }
        return VerificationCode(code: code, expiresAt: expiresAt)
    }

    /// The QR code a guardian scans to link to the caller: the web app's address with the caller's
    /// phone and `code` after `#link/`. `code` must be the caller's current code (the server keeps
    /// only its digest, so the page that set it passes it back); 404 otherwise.
    func linkingQRCode(of caller: Caller, code: String, appAddress: String) throws -> QRCodeImage {
        let now = clock.now()
        guard let current = try database.read({ db in try LinkStore(db: db).currentCode(of: caller.accountKey, at: now) }),
              let digest = current.codeDigest,
              SecretDigest.constantTimeEquals(secrets.digest(code), digest)
                || SecretDigest.constantTimeEquals(secrets.legacyDigest(code), digest) else {
            throw HTTPError.notFound("That is not your current verification code.")
        }
        let phone = current.phone.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? current.phone
        let encodedCode = code.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? code
        guard let image = QRCodeImage(encoding: "\(appAddress)/#link/\(phone)/\(encodedCode)") else {
            throw HTTPError.invalidRequest("The code is too long for a QR code.", field: "code")
        }
        return image
    }

    /// Whether the caller's verification code is still live, and until when: the code `code` when
    /// given (the page that showed it keeps it, since the server keeps only its digest), else any
    /// code. Lets "Show my code" show the live code again instead of replacing it.
    func codeState(of caller: Caller, code: String?) throws -> VerificationCodeState {
        let now = clock.now()
        guard let current = try database.read({ db in try LinkStore(db: db).currentCode(of: caller.accountKey, at: now) }),
              let digest = current.codeDigest else {
            return VerificationCodeState(live: false, expiresAt: nil)
        }
        if let code {
            let presented = code.trimmingCharacters(in: .whitespaces)
            guard SecretDigest.constantTimeEquals(secrets.digest(presented), digest)
                    || SecretDigest.constantTimeEquals(secrets.legacyDigest(presented), digest) else {
                return VerificationCodeState(live: false, expiresAt: nil)
            }
        }
        return VerificationCodeState(live: true, expiresAt: current.expiresAt)
    }

    /// Removes the caller's verification code.
    func deleteCode(of caller: Caller) throws {
        try database.write { db in try LinkStore(db: db).deleteCode(of: caller.accountKey) }
    }

    /// Makes the caller a guardian of the account with the request's phone if its code matches.
    ///
    /// A phone typed the local way ("020 7946 0958") is read in the request's `country`, else the
    /// server's default country (`PhoneNumberReader`). A malformed phone answers 400 naming the field
    /// and counts towards no limit: a typing mistake is not a guess. An unknown phone, a missing or
    /// expired code and a wrong code all answer the same 403, and all count as failures against that
    /// phone, the caller and the caller's client address; 429 once any has too many.
    func link(_ caller: Caller, _ request: LinkRequest, from clientHost: String) throws -> LinkResource {
        let callerKey = caller.accountID
        try rateLimiter.enforce(clientHost, under: failuresPerClientAddress)
        try rateLimiter.enforce(callerKey, under: failuresPerCaller)
        let phone: String?
        do {
            phone = try phoneNumbers.read(request.phone, country: request.country).e164
        } catch {
            throw HTTPError.invalidRequest(error.message, field: "phone")
        }
        if let phone { try rateLimiter.enforce(phone, under: failuresPerTarget) }
        let now = clock.now()
        let target = try phone.flatMap { phone in try database.read { db in try LinkStore(db: db).linkTarget(phone: phone, at: now) } }
        if let target, target.account == caller.accountKey {
            throw HTTPError.invalidRequest("You cannot be your own guardian.", field: "phone")
        }
        let presented = request.code.trimmingCharacters(in: .whitespaces)
        let expected = target?.codeDigest ?? Self.absentCodeDigest
        // A code set before keyed digests is stored under its plain SHA-256 until it is spent or expires.
        let matchesKeyed = SecretDigest.constantTimeEquals(secrets.digest(presented), expected)
        let matchesLegacy = SecretDigest.constantTimeEquals(secrets.legacyDigest(presented), expected)
        let matches = matchesKeyed || matchesLegacy
        guard matches, let target, let codeDigest = target.codeDigest else {
            rateLimiter.recordFailure(callerKey, under: failuresPerCaller)
            rateLimiter.recordFailure(clientHost, under: failuresPerClientAddress)
            if let phone { rateLimiter.recordFailure(phone, under: failuresPerTarget) }
            throw Self.wrongCodeError
        }
        if let phone { rateLimiter.reset(phone, under: failuresPerTarget) }
        do {
            return try database.write { db in
                let store = LinkStore(db: db)
                let id = try store.createLink(guardian: caller.accountKey, dependent: target.account, spending: codeDigest, at: now)
                guard let link = try store.link(id) else { throw HTTPError.internalError }
                return link
            }
        } catch LinkStoreError.alreadyLinked {
            throw HTTPError.conflict("You are a guardian of this person already.")
        } catch LinkStoreError.codeSpent {
            throw Self.wrongCodeError
        }
    }

    /// The caller's links, both ways.
    func links(of caller: Caller) throws -> LinkList {
        try database.read { db in try LinkStore(db: db).links(of: caller.accountKey) }
    }

    /// Ends link `id` between `parties` (checked by the access policy first); from its commit the
    /// guardian's open streams no longer carry the dependent.
    func endLink(_ id: String, between parties: (guardian: AccountKey, dependent: AccountKey)) throws {
        let liveAccess = liveAccess
        try database.write { db in
            try LinkStore(db: db).deleteLink(id)
            // Before any later write is published.
            db.afterCommit { liveAccess.guardianshipEnded(of: parties.dependent, by: parties.guardian) }
        }
    }

    /// A phone, code or link attempt that fails, whichever way: the same answer, so none tells which.
    private static let wrongCodeError = HTTPError.forbidden("The phone number or the verification code is wrong.")

    /// Compared against when there is no code, so that a missing code costs the same as a wrong one.
    private static let absentCodeDigest = [UInt8](repeating: 0, count: SecretDigest.digestByteCount)

    private static func validatedChosenCode(_ code: String) throws(HTTPError) -> String {
        let trimmed = code.trimmingCharacters(in: .whitespaces)
        guard (minChosenCodeCharacters...maxChosenCodeCharacters).contains(trimmed.count) else {
            throw .invalidRequest(
                "code must have \(minChosenCodeCharacters) to \(maxChosenCodeCharacters) characters", field: "code")
        }
        guard !trimmed.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
            throw .invalidRequest("code must not contain control characters", field: "code")
        }
        return trimmed
    }
}
