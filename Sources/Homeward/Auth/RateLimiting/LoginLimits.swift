import HomewardHTTP

/// The failed-login limits, shared by every way of proving a password: `POST /v1/sessions`, the
/// current-password checks of the account endpoints, and HTTP Basic of tracking clients (OwnTracks).
///
/// A failure counts against the pair (client address, phone) and against the client address. Both
/// refuse further attempts from that address; neither refuses anyone else. Against the phone alone a
/// failure only counts towards a ceiling that slows logins (`slowdown(phone:)`), never refuses them:
/// a stranger guessing from elsewhere must never lock the owner out of logging in, changing the
/// password or deleting the account, but guessing spread over many addresses must crawl.
public struct LoginLimits: Sendable {
    private let rateLimiter: RateLimiter
    /// Failures against one phone from one client address.
    let perClientAddressAndPhone: RateLimitPolicy
    /// Failures from one client address, against any phone.
    let perClientAddress = RateLimitPolicy.loginFailuresPerClientAddress
    /// Wrong current passwords from one signed-in session and client address.
    let perSessionAndClientAddress: RateLimitPolicy
    /// Failures against one phone from anywhere, past which its logins are slowed.
    let perPhoneCeiling = RateLimitPolicy.loginFailuresPerPhoneCeiling
    /// How long every login for a phone past its ceiling waits for its answer, right password or not
    /// (the same wait either way, so the wait tells nothing).
    public static let slowdownSeconds = 3.0

    /// Limits of `rateLimiter` allowing `maxFailuresPerPhone` failures per (client address, phone)
    /// within `windowSeconds`.
    public init(rateLimiter: RateLimiter, maxFailuresPerPhone: Int, windowSeconds: Int) {
        self.rateLimiter = rateLimiter
        perClientAddressAndPhone = RateLimitPolicy.loginFailuresPerClientAddressAndPhone.with(
            maxFailures: maxFailuresPerPhone, windowSeconds: windowSeconds)
        perSessionAndClientAddress = RateLimitPolicy.passwordConfirmationFailuresPerSessionAndClientAddress.with(
            maxFailures: maxFailuresPerPhone, windowSeconds: windowSeconds)
    }

    /// Throws 429 while `session` (a signed-in caller's session, or its account) has given too many
    /// wrong current passwords from `clientHost`. Logins' failures do not count here.
    func enforceConfirmation(session: String, clientHost: String) throws(HTTPError) {
        try rateLimiter.enforce(Self.pairKey(phone: session, clientHost: clientHost), under: perSessionAndClientAddress)
    }

    /// Counts a wrong current password given by `session` from `clientHost`; it also counts towards
    /// the phone's ceiling, so a stolen token guessing from many addresses slows logins too.
    func recordConfirmationFailure(session: String, phone: String, clientHost: String) {
        rateLimiter.recordFailure(Self.pairKey(phone: session, clientHost: clientHost), under: perSessionAndClientAddress)
        rateLimiter.recordFailure(phone, under: perPhoneCeiling)
    }

    /// Throws 429 with `Retry-After` while the client address, or the client address with this
    /// phone (when the phone is well-formed), has too many recent failures.
    func enforce(phone: String?, clientHost: String) throws(HTTPError) {
        try rateLimiter.enforce(clientHost, under: perClientAddress)
        if let phone { try rateLimiter.enforce(Self.pairKey(phone: phone, clientHost: clientHost), under: perClientAddressAndPhone) }
    }

    /// Counts a wrong password against the client address and the pair (each phone when given).
    func recordFailure(phone: String?, clientHost: String) {
        rateLimiter.recordFailure(clientHost, under: perClientAddress)
        if let phone {
            rateLimiter.recordFailure(Self.pairKey(phone: phone, clientHost: clientHost), under: perClientAddressAndPhone)
            rateLimiter.recordFailure(phone, under: perPhoneCeiling)
        }
    }

    /// Seconds a login for `phone` must wait for its answer now: `slowdownSeconds` past the phone's
    /// ceiling, nil below it. The owner's successful login does not lift it (the guessing goes on).
    func slowdown(phone: String?) -> Double? {
        guard let phone, case .limited = rateLimiter.check(phone, under: perPhoneCeiling) else { return nil }
        return Self.slowdownSeconds
    }

    /// Clears the failures of `phone` from `clientHost` after a successful login.
    func recordSuccess(phone: String, clientHost: String) {
        rateLimiter.reset(Self.pairKey(phone: phone, clientHost: clientHost), under: perClientAddressAndPhone)
    }

    /// One key for the pair; a space never occurs in an E.164 number, a session id or an address.
    private static func pairKey(phone: String, clientHost: String) -> String {
        clientHost + " " + phone
    }
}
