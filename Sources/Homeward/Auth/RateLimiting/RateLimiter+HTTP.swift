import HomewardHTTP

extension RateLimiter {
    /// Throws 429 `rate_limited` with `Retry-After` when `key` may not try again yet under `policy`;
    /// the message says what is limited and when to try again.
    func enforce(_ key: String, under policy: RateLimitPolicy) throws(HTTPError) {
        if case .limited(let retryAfterSeconds) = check(key, under: policy) {
            throw .rateLimited(retryAfterSeconds: retryAfterSeconds, reason: policy.refusal)
        }
    }
}
