import Foundation
import HomewardHTTP
import HomewardStore

/// Verification codes and guardian links: drawing and checking codes, the brute-force limits on
/// them, and the store's writes.
///
/// Two kinds of code: one the server draws (6 digits) is single-use, spent by the link it makes,
/// and lives `defaultCodeLifetimeSeconds` unless the request says otherwise (7 days at most). One the
/// person chooses (Life_Tracker's "set my code") links several guardians, at most
/// `maxLinksPerChosenCode`, until the person changes or removes it or it expires (30 days unless
/// set shorter); each link made with it raises a `new_guardian` alert to the person at once.
struct LinkService: Sendable {
    /// Digits of a code the server draws.
    static let generatedCodeDigits = 6
    /// The fewest characters of a code the dependent chooses.
    static let minChosenCodeCharacters = 6
    /// The most characters of a code the dependent chooses.
    static let maxChosenCodeCharacters = 64
    /// The shortest lifetime a code may be given, in seconds.
    static let minCodeLifetimeSeconds = 60
    /// The longest lifetime a drawn code may be given, in seconds (7 days): a code left lying around
    /// should not stay a way in.
    static let maxCodeLifetimeSeconds = 7 * 24 * 3600
    /// The longest lifetime, and the default, of a code the person chose, in seconds (30 days).
    static let maxChosenCodeLifetimeSeconds = 30 * 24 * 3600
    /// The default of `--max-links-per-code`: guardians one chosen code can link.
    static let defaultMaxLinksPerChosenCode = 5
    /// The range `--max-links-per-code` may take.
    static let maxLinksPerChosenCodeRange = 1...100

    private let database: any DatabaseWriter
    private let rateLimiter: RateLimiter
    private let failuresPerTarget: RateLimitPolicy
    private let failuresPerCaller = RateLimitPolicy.verificationCodeFailuresPerCaller
    private let failuresPerClientAddress = RateLimitPolicy.verificationCodeFailuresPerClientAddress
    private let clock: any WallClock
    private let secrets: SecretHasher
    private let defaultCodeLifetimeSeconds: Int
    private let maxLinksPerChosenCode: Int
    private let liveAccess: any LiveAccess
    private let homeAssistant: HomeAssistantChanges?
    private let alerts: AlertCenter
    private let events: EventBus
    private let phoneNumbers: PhoneNumberReader

    /// Creates the service storing codes and links in `database`, digesting codes under `secrets`,
    /// limiting wrong guesses with `rateLimiter` (`failuresPerTarget` a dependent's code), drawing
    /// codes that live `defaultCodeLifetimeSeconds`, letting a chosen code link
    /// `maxLinksPerChosenCode` guardians, raising `new_guardian` through `alerts` (published on
    /// `events`), and telling `liveAccess` when a link ends.
    init(
        database: any DatabaseWriter, rateLimiter: RateLimiter, failuresPerTarget: RateLimitPolicy, clock: any WallClock,
        secrets: SecretHasher, defaultCodeLifetimeSeconds: Int, maxLinksPerChosenCode: Int, liveAccess: any LiveAccess,
        phoneNumbers: PhoneNumberReader, alerts: AlertCenter, events: EventBus, homeAssistant: HomeAssistantChanges? = nil
    ) {
        self.homeAssistant = homeAssistant
        self.phoneNumbers = phoneNumbers
        self.database = database
        self.rateLimiter = rateLimiter
        self.failuresPerTarget = failuresPerTarget
        self.clock = clock
        self.secrets = secrets
        self.defaultCodeLifetimeSeconds = defaultCodeLifetimeSeconds
        self.maxLinksPerChosenCode = maxLinksPerChosenCode
        self.liveAccess = liveAccess
        self.alerts = alerts
        self.events = events
    }

    /// Sets the caller's verification code: the chosen one (several guardians, 30 days unless set
    /// shorter), or a random 6-digit one (one guardian).
    func setCode(of caller: Caller, _ request: VerificationCodeRequest) throws -> VerificationCode {
        let chosen = try request.code.map(Self.validatedChosenCode)
        let maxLifetime = chosen == nil ? Self.maxCodeLifetimeSeconds : Self.maxChosenCodeLifetimeSeconds
        let lifetimeSeconds = request.ttlSeconds ?? (chosen == nil ? defaultCodeLifetimeSeconds : Self.maxChosenCodeLifetimeSeconds)
        guard (Self.minCodeLifetimeSeconds...maxLifetime).contains(lifetimeSeconds) else {
            throw HTTPError.invalidRequest(
                "ttlSeconds must lie between \(Self.minCodeLifetimeSeconds) and \(maxLifetime) for a "
                    + (chosen == nil ? "drawn code" : "chosen code"),
                field: "ttlSeconds")
        }
        let code = chosen ?? SecureRandom.digits(count: Self.generatedCodeDigits)
        let now = clock.now()
        let expiresAt = now.adding(milliseconds: Int64(lifetimeSeconds) * Timestamp.millisecondsPerSecond)
        try database.write { db in
            try LinkStore(db: db).setCode(
                digest: secrets.digest(code), chosen: chosen != nil, of: caller.accountKey, at: now, expiresAt: expiresAt)
        }
        return VerificationCode(
            code: code, expiresAt: expiresAt, kind: chosen == nil ? .drawn : .chosen,
            maxGuardians: chosen == nil ? 1 : maxLinksPerChosenCode)
    }

    /// The QR code a guardian scans to link to the caller: the web app's address with the caller's
    /// phone and `code` after `#link/`. `code` must be the caller's current code (the server keeps
    /// only its digest, so the page that set it passes it back); 404 otherwise.
    func linkingQRCode(of caller: Caller, code: String, appAddress: String) throws -> QRCodeImage {
        let now = clock.now()
        guard let current = try database.read({ db in
                  try LinkStore(db: db).currentCode(of: caller.accountKey, at: now, maxLinks: maxLinksPerChosenCode)
              }),
              let digest = current.code?.digest,
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
        guard let current = try database.read({ db in
                  try LinkStore(db: db).currentCode(of: caller.accountKey, at: now, maxLinks: maxLinksPerChosenCode)
              }),
              let stored = current.code else {
            return VerificationCodeState(live: false, expiresAt: nil)
        }
        let digest = stored.digest
        if let code {
            let presented = code.trimmingCharacters(in: .whitespaces)
            guard SecretDigest.constantTimeEquals(secrets.digest(presented), digest)
                    || SecretDigest.constantTimeEquals(secrets.legacyDigest(presented), digest) else {
                return VerificationCodeState(live: false, expiresAt: nil)
            }
        }
        return VerificationCodeState(live: true, expiresAt: stored.expiresAt)
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
    /// phone, the caller and the caller's client address; 429 once any has too many. A link made
    /// with a chosen code raises `new_guardian` to the person in the same write.
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
        let maxLinks = maxLinksPerChosenCode
        let target = try phone.flatMap { phone in
            try database.read { db in try LinkStore(db: db).linkTarget(phone: phone, at: now, maxLinks: maxLinks) }
        }
        if let target, target.account == caller.accountKey {
            throw HTTPError.invalidRequest("You cannot be your own guardian.", field: "phone")
        }
        let presented = request.code.trimmingCharacters(in: .whitespaces)
        let expected = target?.code?.digest ?? Self.absentCodeDigest
        // A code set before keyed digests is stored under its plain SHA-256 until it is spent or expires.
        let matchesKeyed = SecretDigest.constantTimeEquals(secrets.digest(presented), expected)
        let matchesLegacy = SecretDigest.constantTimeEquals(secrets.legacyDigest(presented), expected)
        let matches = matchesKeyed || matchesLegacy
        guard matches, let target, let code = target.code else {
            rateLimiter.recordFailure(callerKey, under: failuresPerCaller)
            rateLimiter.recordFailure(clientHost, under: failuresPerClientAddress)
            if let phone { rateLimiter.recordFailure(phone, under: failuresPerTarget) }
            throw Self.wrongCodeError
        }
        if let phone { rateLimiter.reset(phone, under: failuresPerTarget) }
        do {
            let alerts = alerts
            let (link, event) = try database.write { db -> (LinkResource, AppEvent?) in
                let store = LinkStore(db: db)
                let id = try store.createLink(
                    guardian: caller.accountKey, dependent: target.account, using: code, maxLinks: maxLinks, at: now)
                guard let link = try store.link(id) else { throw HTTPError.internalError }
                guard code.chosen else { return (link, nil) }
                let request = AlertRequest(
                    type: .newGuardian, cause: AlertCause.newGuardian(link: id),
                    message: Self.newGuardianMessage(guardianName: link.guardian.name))
                return (link, try alerts.raise(request, for: target.account, at: now, in: db)?.event)
            }
            if let event { events.publish(event) }
            return link
        } catch LinkStoreError.alreadyLinked {
            throw HTTPError.conflict("You are a guardian of this person already.")
        } catch LinkStoreError.codeSpent {
            throw Self.wrongCodeError
        }
    }

    /// What the person is told when someone links with their chosen code.
    static func newGuardianMessage(guardianName: String) -> String {
        "\(guardianName) can now see where you are — remove them under Guardians if this was not you."
    }

    /// The caller's links, both ways.
    func links(of caller: Caller) throws -> LinkList {
        try database.read { db in try LinkStore(db: db).links(of: caller.accountKey) }
    }

    /// Ends link `id` between `parties` (checked by the access policy first); from its commit the
    /// guardian's open streams no longer carry the dependent, and if that guardian had turned on
    /// "Show in Home Assistant" for the dependent, the entity is removed.
    func endLink(_ id: String, between parties: (guardian: AccountKey, dependent: AccountKey)) throws {
        let liveAccess = liveAccess
        let homeAssistant = homeAssistant
        let alerts = alerts
        let now = clock.now()
        let resolved = try database.write { db in
            try LinkStore(db: db).deleteLink(id)
            try HomeAssistantStore(db: db).hide(parties.dependent, ifShownBy: parties.guardian)
            // Before any later write is published.
            db.afterCommit {
                liveAccess.guardianshipEnded(of: parties.dependent, by: parties.guardian)
                homeAssistant?.accessChanged()
            }
            // The person dealt with their new guardian: the news of them is over.
            return try alerts.resolve(cause: AlertCause.newGuardian(link: id), for: parties.dependent, at: now, in: db)
        }
        if let resolved { events.publish(resolved.event) }
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
