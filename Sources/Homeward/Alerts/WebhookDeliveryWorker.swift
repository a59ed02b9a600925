import Foundation
import HomewardStore
import Logging

/// Delivers the webhook outbox (`webhook_deliveries`) through the server's `OutgoingHTTPClient`: each
/// due row is POSTed to the recipient's current webhook, signed (`X-Homeward-Signature: sha256=<hex
/// HMAC-SHA256 of the body>`) and keyed (`Idempotency-Key: <alert id>:<event>:<delivery key>`); a
/// non-2xx answer or a network error is retried with exponential back-off and jitter until
/// `webhookGiveUpSeconds` have passed since the row was written, when it is marked `failed`.
///
/// Deliveries run concurrently: the worker's thread takes due rows, leases them for `leaseSeconds`
/// (so a later pass does not take them again, and a restart sends them after the lease), and hands
/// them to the client, which keeps destinations from waiting on each other. When a destination fails,
/// rows for it that come due before its retry time wait for that time without an attempt of their own
/// (the destination's back-off). Results come back on the client's thread, are queued, and are written
/// by the worker's next pass in one transaction.
///
/// `@unchecked Sendable`: `inFlight`, `finished` and `destinationRetryAt` are guarded by `state`;
/// `passLock` keeps two passes (the thread's and a test's) apart.
public final class WebhookDeliveryWorker: @unchecked Sendable {
    /// Rows taken per pass.
    public static let batchSize = 256
    /// Deliveries handed to the client and not yet answered, at most.
    public static let maxInFlight = 4_096
    /// How long a row handed to the client is kept from later passes (its attempt ends well before:
    /// the client's timeout); after a restart a row that was in flight is sent again after this.
    public static let leaseSeconds = 30
    /// The thread re-reads the outbox at least this often.
    public static let maxSleepSeconds = 60.0

    private struct Delivery: Sendable {
        var key: Int64
        var alertID: String
        var event: String
        var payload: String
        var attempts: Int
        var createdAt: Int64
        var url: String
        var secret: String
    }

    private struct Outcome {
        var delivery: Delivery
        var failure: String?
        var destination: String?
    }

    private let database: any DatabaseWriter
    private let clock: any WallClock
    private let configuration: AppConfiguration
    private let client: OutgoingHTTPClient
    private let logger: Logger
    private let passLock = NSLock()
    private let state = NSCondition()
    private var inFlight: Set<Int64> = []
    private var finished: [Outcome] = []
    private var destinationRetryAt: [String: Int64] = [:]
    private let loop = BackgroundLoop(name: "webhook-delivery")

    /// Creates a stopped worker that sends through `client`.
    public init(
        database: any DatabaseWriter, client: OutgoingHTTPClient, clock: any WallClock, configuration: AppConfiguration,
        logger: Logger
    ) {
        self.database = database
        self.client = client
        self.clock = clock
        self.configuration = configuration
        self.logger = logger
    }

    /// Starts the delivery thread.
    public func start() {
        loop.start { [self] in
            passLock.lock()
            defer { passLock.unlock() }
            do {
                try recordFinished()
                while try dispatchDue().taken == Self.batchSize {}
                return try secondsUntilNextDue()
            } catch {
                logger.error("webhook delivery pass failed", metadata: ["error": "\(error)"])
                return Self.maxSleepSeconds
            }
        }
    }

    /// Makes the thread look at the outbox now (a new alert was committed).
    public func wake() { loop.wake() }

    /// Stops the thread after the pass in progress.
    public func stop() { loop.stop() }

    /// Attempts every delivery due now and waits for their answers, on the calling thread; returns how
    /// many were attempted (tests move a manual clock between calls).
    @discardableResult
    public func deliverDue() throws -> Int {
        passLock.lock()
        defer { passLock.unlock() }
        let attempted = try dispatchDue().sent
        state.lock()
        while !inFlight.isEmpty { state.wait() }
        state.unlock()
        try recordFinished()
        return attempted
    }

    /// Takes the due rows, leases them (or postpones them to their destination's retry time) and hands
    /// them to the client; returns how many rows were taken and how many of them were sent.
    private func dispatchDue() throws -> (taken: Int, sent: Int) {
        let now = clock.now().unixMilliseconds
        let busy = state.withLock { inFlight.count >= Self.maxInFlight }
        guard !busy else { return (0, 0) }
        let due = try database.read { db in
            try db.fetchAll(
                """
                SELECT d.key, a.id, d.event, d.payload, d.attempts, d.created_at_ms, w.url, w.secret
                FROM webhook_deliveries d
                JOIN alerts a ON a.key = d.alert_key
                JOIN webhooks w ON w.account_key = d.recipient_key
                WHERE d.status = 'pending' AND d.next_attempt_ms <= ?
                ORDER BY d.next_attempt_ms, d.key LIMIT ?
                """,
                [now, Self.batchSize]
            ) { row in
                Delivery(
                    key: try row.value(at: 0), alertID: try row.value(at: 1), event: try row.value(at: 2),
                    payload: try row.value(at: 3), attempts: try row.value(at: 4), createdAt: try row.value(at: 5),
                    url: try row.value(at: 6), secret: try row.value(at: 7))
            }
        }
        guard !due.isEmpty else { return (0, 0) }
        var send: [Delivery] = []
        var postponed: [(key: Int64, until: Int64)] = []
        state.withLock {
            for delivery in due where !inFlight.contains(delivery.key) {
                let destination = OutgoingURL(delivery.url)?.destination
                if let destination, let retryAt = destinationRetryAt[destination], retryAt > now {
                    postponed.append((delivery.key, retryAt))
                } else {
                    inFlight.insert(delivery.key)
                    send.append(delivery)
                }
            }
        }
        let lease = now + Int64(Self.leaseSeconds) * Timestamp.millisecondsPerSecond
        try database.write { db in
            for delivery in due {
                try db.execute("UPDATE webhook_deliveries SET next_attempt_ms = ? WHERE key = ?", lease, delivery.key)
            }
            for row in postponed {
                try db.execute("UPDATE webhook_deliveries SET next_attempt_ms = ? WHERE key = ?", row.until, row.key)
            }
        }
        for delivery in send { attempt(delivery) }
        return (due.count, send.count)
    }

    private func attempt(_ delivery: Delivery) {
        guard let url = OutgoingURL(delivery.url) else {
            complete(Outcome(delivery: delivery, failure: "not an http or https URL", destination: nil))
            return
        }
        let request = WebhookSignedRequest.make(
            url: url, secret: delivery.secret, event: delivery.event,
            idempotencyKey: "\(delivery.alertID):\(delivery.event):\(delivery.key)", body: Array(delivery.payload.utf8))
        client.send(request) { [self] result in
            switch result {
            case .success(let response) where response.isSuccess:
                complete(Outcome(delivery: delivery, failure: nil, destination: url.destination))
            case .success(let response):
                complete(Outcome(delivery: delivery, failure: "HTTP \(response.status)", destination: url.destination))
            case .failure(let error):
                complete(Outcome(delivery: delivery, failure: error.description, destination: url.destination))
            }
        }
    }

    /// Queues an answer for the next pass (called on the client's thread).
    private func complete(_ outcome: Outcome) {
        state.withLock {
            finished.append(outcome)
            inFlight.remove(outcome.delivery.key)
            state.broadcast()
        }
        loop.wake()
    }

    /// Writes the queued answers in one transaction.
    private func recordFinished() throws {
        let outcomes: [Outcome] = state.withLock {
            defer { finished = [] }
            return finished
        }
        guard !outcomes.isEmpty else { return }
        let now = clock.now().unixMilliseconds
        var retries: [String: Int64] = [:]
        var successes: Set<String> = []
        try database.write { db in
            for outcome in outcomes {
                let delivery = outcome.delivery
                guard let failure = outcome.failure else {
                    if let destination = outcome.destination { successes.insert(destination) }
                    try db.execute(
                        """
                        UPDATE webhook_deliveries SET status = 'delivered', attempts = attempts + 1, finished_at_ms = ?
                        WHERE key = ? AND status = 'pending'
                        """,
                        now, delivery.key)
                    continue
                }
                let giveUpAt = delivery.createdAt + Int64(configuration.webhookGiveUpSeconds) * Timestamp.millisecondsPerSecond
                if now >= giveUpAt {
                    try db.execute(
                        """
                        UPDATE webhook_deliveries SET status = 'failed', attempts = attempts + 1, last_error = ?, finished_at_ms = ?
                        WHERE key = ? AND status = 'pending'
                        """,
                        failure, now, delivery.key)
                } else {
                    let next = min(now + retryDelayMilliseconds(afterAttempts: delivery.attempts + 1), giveUpAt)
                    if let destination = outcome.destination { retries[destination] = max(retries[destination] ?? 0, next) }
                    try db.execute(
                        """
                        UPDATE webhook_deliveries SET attempts = attempts + 1, last_error = ?, next_attempt_ms = ?
                        WHERE key = ? AND status = 'pending'
                        """,
                        failure, next, delivery.key)
                }
            }
        }
        state.withLock {
            for destination in successes { destinationRetryAt[destination] = nil }
            for (destination, retryAt) in retries where !successes.contains(destination) {
                destinationRetryAt[destination] = retryAt
            }
            destinationRetryAt = destinationRetryAt.filter { $0.value > now }
        }
        for outcome in outcomes where outcome.failure != nil {
            logger.warning(
                "webhook delivery failed",
                metadata: ["delivery": "\(outcome.delivery.key)", "error": "\(outcome.failure ?? "")"])
        }
    }

    private func secondsUntilNextDue() throws -> Double {
        let next: Int64? = try database.read { db in
            try db.fetchOne(
                """
                SELECT min(d.next_attempt_ms) FROM webhook_deliveries d
                JOIN webhooks w ON w.account_key = d.recipient_key WHERE d.status = 'pending'
                """)
        }
        guard let next else { return Self.maxSleepSeconds }
        return min(max(Double(next - clock.now().unixMilliseconds) / 1000, 0.05), Self.maxSleepSeconds)
    }

    /// The first retry delay doubled per failed attempt, capped, then drawn uniformly from its upper half
    /// so that receivers coming back are not hit by every sender at once.
    func retryDelayMilliseconds(afterAttempts attempts: Int) -> Int64 {
        let exponential = configuration.webhookFirstRetrySeconds * pow(2, Double(min(max(attempts - 1, 0), 30)))
        let capped = min(exponential, configuration.webhookMaxRetrySeconds)
        return Int64(capped * Double.random(in: 0.5...1.0) * 1000)
    }
}
