import Foundation
import HomewardHTTP

/// Verification codes and guardian links: drawing and checking codes, the brute-force limits on
/// them, and the store's writes.
struct LinkService: Sendable {
    /// Digits of a code the server draws.
    static let generatedCodeDigits = 6
    /// The fewest characters of a code the dependent chooses.
    static let minChosenCodeCharacters = 6
    /// The most characters of a code the dependent chooses.
    static let maxChosenCodeCharacters = 64
    /// The shortest lifetime a code may be given, in seconds.
    static let minCodeLifetimeSeconds = 60
    /// The longest lifetime a code may be given, in seconds (30 days).
    static let maxCodeLifetimeSeconds = 30 * 24 * 3600

    private let store: LinkStore
    private let rateLimiter: RateLimiter
    private let failuresPerTarget: RateLimitPolicy
    private let failuresPerCaller = RateLimitPolicy.verificationCodeFailuresPerCaller
    private let clock: any WallClock
    private let defaultCodeLifetimeSeconds: Int
    private let liveAccess: any LiveAccess

    /// The service of `app`.
    init(app: HomewardApp) {
        store = LinkStore(database: app.database)
        rateLimiter = app.rateLimiter
        failuresPerTarget = RateLimitPolicy.verificationCodeFailuresPerTarget.with(
            maxFailures: app.configuration.maxFailedAttempts,
            windowSeconds: app.configuration.failedAttemptWindowSeconds
        )
        clock = app.clock
        liveAccess = app.eventStreams
        defaultCodeLifetimeSeconds = app.configuration.verificationCodeLifetimeSeconds
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
        try store.setCode(digest: SecretDigest.sha256(code), of: caller.accountKey, at: now, expiresAt: expiresAt)
        return VerificationCode(code: code, expiresAt: expiresAt)
    }

    /// The QR code a guardian scans to link to the caller: the web app's address with the caller's
    /// phone and `code` after `#link/`. `code` must be the caller's current code (the server keeps
    /// only its digest, so the page that set it passes it back); 404 otherwise.
    func linkingQRCode(of caller: Caller, code: String, appAddress: String) throws -> QRCodeImage {
        guard let current = try store.currentCode(of: caller.accountKey, at: clock.now()),
              let digest = current.codeDigest,
              SecretDigest.constantTimeEquals(SecretDigest.sha256(code), digest) else {
            throw HTTPError.notFound("That is not your current verification code.")
        }
        let phone = current.phone.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? current.phone
        let encodedCode = code.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? code
        guard let image = QRCodeImage(encoding: "\(appAddress)/#link/\(phone)/\(encodedCode)") else {
            throw HTTPError.invalidRequest("The code is too long for a QR code.", field: "code")
        }
        return image
    }

    /// Removes the caller's verification code.
    func deleteCode(of caller: Caller) throws {
        try store.deleteCode(of: caller.accountKey)
    }

    /// Makes the caller a guardian of the account with the request's phone if its code matches.
    ///
    /// A malformed phone, an unknown phone, a missing or expired code and a wrong code all answer
    /// the same 403, and all count as failures against that phone and against the caller; 429 once
    /// either has too many.
    func link(_ caller: Caller, _ request: LinkRequest) throws -> LinkResource {
        let callerKey = caller.accountID
        try rateLimiter.enforce(callerKey, under: failuresPerCaller)
        let phone = (try? PhoneNumber(normalizing: request.phone))?.e164
        if let phone { try rateLimiter.enforce(phone, under: failuresPerTarget) }
        let now = clock.now()
        let target = try phone.flatMap { try store.linkTarget(phone: $0, at: now) }
        if let target, target.account == caller.accountKey {
            throw HTTPError.invalidRequest("You cannot be your own guardian.", field: "phone")
        }
        let presented = SecretDigest.sha256(request.code.trimmingCharacters(in: .whitespaces))
        let expected = target?.codeDigest ?? Self.absentCodeDigest
        let matches = SecretDigest.constantTimeEquals(presented, expected)
        guard matches, let target, target.codeDigest != nil else {
            rateLimiter.recordFailure(callerKey, under: failuresPerCaller)
            if let phone { rateLimiter.recordFailure(phone, under: failuresPerTarget) }
            throw HTTPError.forbidden("The phone number or the verification code is wrong.")
        }
        if let phone { rateLimiter.reset(phone, under: failuresPerTarget) }
        return try store.createLink(guardian: caller.accountKey, dependent: target.account, at: now)
    }

    /// The caller's links, both ways.
    func links(of caller: Caller) throws -> LinkList {
        try store.links(of: caller.accountKey)
    }

    /// Ends link `id` between `parties` (checked by the access policy first); from its commit the
    /// guardian's open streams no longer carry the dependent.
    func endLink(_ id: String, between parties: (guardian: AccountKey, dependent: AccountKey)) throws {
        let liveAccess = liveAccess
        try store.deleteLink(id) {
            liveAccess.guardianshipEnded(of: parties.dependent, by: parties.guardian)
        }
    }

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
