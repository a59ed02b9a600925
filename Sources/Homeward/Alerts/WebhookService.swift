import HomewardHTTP
import HomewardStore

/// What the guardian's webhook endpoints do: set, read and remove the caller's one webhook, and send
/// it a signed test event (limited per account) whose answer is reported back.
struct WebhookService: Sendable {
    /// Holds the guardian's webhook.
    let database: any DatabaseWriter
    /// Limits webhook tests a guardian may send.
    let rateLimiter: RateLimiter
    /// Sends the webhook test.
    let outgoingClient: OutgoingHTTPClient
    /// The time a webhook is set or removed.
    let clock: any WallClock

    /// Sets the caller's webhook as `request` says.
    func set(_ request: WebhookRequest, for caller: Caller) throws -> WebhookResource {
        try request.validate()
        return try database.write { db in try WebhookStore(db: db).set(request, for: caller.accountKey, at: clock.now()) }
    }

    /// The caller's webhook; 404 when none is set.
    func webhook(of caller: Caller) throws -> WebhookResource {
        guard let webhook = try database.read({ db in try WebhookStore(db: db).webhook(of: caller.accountKey) }) else {
            throw HTTPError.notFound("No webhook is set.")
        }
        return webhook
    }

    /// Sends the caller's webhook a signed `test` event and reports what it answered; waits for the
    /// receiver, so the route runs on the bulk lane.
    func test(for caller: Caller) throws -> WebhookTestResult {
        try rateLimiter.enforce(caller.accountID, under: .testNotificationsPerAccount)
        guard let target = try database.read({ db in try WebhookStore(db: db).target(of: caller.accountKey) }),
              let url = OutgoingURL(target.url) else {
            throw HTTPError.notFound("No webhook is set.")
        }
        rateLimiter.recordFailure(caller.accountID, under: .testNotificationsPerAccount)
        let request = WebhookSignedRequest.make(
            url: url, secret: target.secret, event: "test", idempotencyKey: "test:\(SecureRandom.identifier())",
            body: try JSONBytes.encode(WebhookTestPayload()))
        return WebhookTestResult(outgoingClient.perform(request))
    }

    /// Removes the caller's webhook; 404 when none is set.
    func remove(for caller: Caller) throws {
        let removed = try database.write { db in try WebhookStore(db: db).remove(of: caller.accountKey, at: clock.now()) }
        guard removed else { throw HTTPError.notFound("No webhook is set.") }
    }
}
