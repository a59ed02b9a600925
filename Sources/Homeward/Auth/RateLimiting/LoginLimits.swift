import HomewardHTTP

/// The failed-login limits, shared by every way of proving a password: `POST /v1/sessions`, the
/// current-password checks of the account endpoints, and HTTP Basic of tracking clients (OwnTracks).
/// A failure counts against the phone and against the client's address.
public struct LoginLimits: Sendable {
    private let rateLimiter: RateLimiter
    /// Failures against one phone number.
    let perPhone: RateLimitPolicy
    /// Failures from one client address.
    let perClientAddress = RateLimitPolicy.loginFailuresPerClientAddress

    /// Limits of `rateLimiter` allowing `maxFailuresPerPhone` failures per phone within `windowSeconds`.
    public init(rateLimiter: RateLimiter, maxFailuresPerPhone: Int, windowSeconds: Int) {
        self.rateLimiter = rateLimiter
        perPhone = RateLimitPolicy.loginFailuresPerPhone.with(maxFailures: maxFailuresPerPhone, windowSeconds: windowSeconds)
    }

    /// Throws 429 with `Retry-After` while the client address (when given) or the phone (when
    /// given) has too many recent failures.
    func enforce(phone: String?, clientHost: String?) throws(HTTPError) {
        if let clientHost { try rateLimiter.enforce(clientHost, under: perClientAddress) }
        if let phone { try rateLimiter.enforce(phone, under: perPhone) }
    }

    /// Counts a wrong password against the phone and the client address (each when given).
    func recordFailure(phone: String?, clientHost: String?) {
        if let clientHost { rateLimiter.recordFailure(clientHost, under: perClientAddress) }
        if let phone { rateLimiter.recordFailure(phone, under: perPhone) }
    }

    /// Clears the failures of `phone` after a successful login.
    func recordSuccess(phone: String) {
        rateLimiter.reset(phone, under: perPhone)
    }
}
