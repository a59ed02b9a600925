/// Whether an attempt may go ahead under a rate-limit policy.
public enum RateLimitDecision: Equatable, Sendable {
    /// The attempt may go ahead.
    case allowed
    /// Too many recent failures: answer 429 with `Retry-After: retryAfterSeconds`.
    case limited(retryAfterSeconds: Int)
}
