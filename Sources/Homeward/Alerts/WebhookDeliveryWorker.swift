import Foundation
import HomewardStore
import Logging

/// Delivers the webhook outbox (`webhook_deliveries`) on one thread: each due row is POSTed to the
/// recipient's current webhook, signed (`X-Homeward-Signature: sha256=<hex HMAC-SHA256 of the body>`)
/// and keyed (`Idempotency-Key: <alert id>:<event>:<delivery key>`); a non-2xx answer or a network
/// error is retried with exponential back-off and jitter until `webhookGiveUpSeconds` have passed
/// since the row was written, when it is marked `failed`. The thread sleeps until the next row is
/// due or an alert event wakes it.
/// `passLock` keeps two delivery passes (the thread's and a test's) from sending the same row.
public final class WebhookDeliveryWorker: Sendable {
    /// Rows taken per pass.
    public static let batchSize = 32
    /// The thread re-reads the outbox at least this often.
    public static let maxSleepSeconds = 60.0

    private struct Delivery {
        var key: Int64
        var alertID: String
        var event: String
        var payload: String
        var attempts: Int
        var createdAt: Int64
        var url: String
        var secret: String
    }

    private let database: any DatabaseWriter
    private let clock: any WallClock
    private let configuration: AppConfiguration
    private let client: WebhookClient
    private let logger: Logger
    private let passLock = NSLock()
    private let loop = BackgroundLoop(name: "webhook-delivery")

    /// Creates a stopped worker.
    public init(database: any DatabaseWriter, clock: any WallClock, configuration: AppConfiguration, logger: Logger) {
        self.database = database
        self.clock = clock
        self.configuration = configuration
        self.client = WebhookClient(timeoutSeconds: configuration.webhookTimeoutSeconds)
        self.logger = logger
    }

    /// Starts the delivery thread.
    public func start() {
        loop.start { [self] in
            do {
                while try deliverDue() == Self.batchSize {}
                let next: Int64? = try database.read { db in
                    try db.fetchOne(
                        """
                        SELECT min(d.next_attempt_ms) FROM webhook_deliveries d
                        JOIN webhooks w ON w.account_key = d.recipient_key WHERE d.status = 'pending'
                        """)
                }
                guard let next else { return Self.maxSleepSeconds }
                return min(max(Double(next - clock.now().unixMilliseconds) / 1000, 0.05), Self.maxSleepSeconds)
            } catch {
                logger.error("webhook delivery pass failed", metadata: ["error": "\(error)"])
                return Self.maxSleepSeconds
            }
        }
    }

    /// Makes the thread look at the outbox now (a new alert was committed).
    public func wake() { loop.wake() }

    /// Stops the thread after the delivery in progress.
    public func stop() { loop.stop() }

    /// Attempts every delivery due now, on the calling thread; returns how many were attempted.
    @discardableResult
    public func deliverDue() throws -> Int {
        passLock.lock()
        defer { passLock.unlock() }
        let now = clock.now().unixMilliseconds
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
        for delivery in due { try attempt(delivery) }
        return due.count
    }

    private func attempt(_ delivery: Delivery) throws {
        let body = Array(delivery.payload.utf8)
        var failure: String?
        if let url = WebhookURL(delivery.url) {
            let signature = SecretDigest.hex(SecretDigest.hmacSHA256(body, key: Array(delivery.secret.utf8)))
            do {
                let status = try client.post(body, to: url, headers: [
                    (name: "X-Homeward-Signature", value: "sha256=\(signature)"),
                    (name: "X-Homeward-Event", value: delivery.event),
                    (name: "Idempotency-Key", value: "\(delivery.alertID):\(delivery.event):\(delivery.key)"),
                ])
                if !(200...299).contains(status) { failure = "HTTP \(status)" }
            } catch {
                failure = "\(error)"
            }
        } else {
            failure = "not an http:// URL"
        }
        let now = clock.now().unixMilliseconds
        try database.write { db in
            guard let failure else {
                try db.execute(
                    "UPDATE webhook_deliveries SET status = 'delivered', attempts = attempts + 1, finished_at_ms = ? WHERE key = ?",
                    now, delivery.key)
                return
            }
            let giveUpAt = delivery.createdAt + Int64(configuration.webhookGiveUpSeconds) * Timestamp.millisecondsPerSecond
            if now >= giveUpAt {
                try db.execute(
                    """
                    UPDATE webhook_deliveries SET status = 'failed', attempts = attempts + 1, last_error = ?, finished_at_ms = ?
                    WHERE key = ?
                    """,
                    failure, now, delivery.key)
            } else {
                let next = min(now + retryDelayMilliseconds(afterAttempts: delivery.attempts + 1), giveUpAt)
                try db.execute(
                    "UPDATE webhook_deliveries SET attempts = attempts + 1, last_error = ?, next_attempt_ms = ? WHERE key = ?",
                    failure, next, delivery.key)
            }
        }
        if let failure {
            logger.warning("webhook delivery failed", metadata: ["delivery": "\(delivery.key)", "error": "\(failure)"])
        }
    }

    /// The first retry delay doubled per failed attempt, capped, then drawn uniformly from its upper half
    /// so that receivers coming back are not hit by every sender at once.
    func retryDelayMilliseconds(afterAttempts attempts: Int) -> Int64 {
        let exponential = configuration.webhookFirstRetrySeconds * pow(2, Double(min(max(attempts - 1, 0), 30)))
        let capped = min(exponential, configuration.webhookMaxRetrySeconds)
        return Int64(capped * Double.random(in: 0.5...1.0) * 1000)
    }
}
