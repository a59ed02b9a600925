import Foundation
import HomewardStore
import HomewardSync
import Logging

/// Delivers the alert outbox (`alert_deliveries`) through the server's `OutgoingHTTPClient`: a row
/// without a channel is POSTed to the recipient's current webhook, signed (`X-Homeward-Signature:
/// sha256=<hex HMAC-SHA256 of the body>`) and keyed (`Idempotency-Key: <alert id>:<event>:<delivery
/// key>`); a row with a channel is sent as that service wants it (`ChannelDelivery`). A failure (a
/// non-2xx answer, a network or TLS error) is retried with exponential back-off and jitter until
/// `webhookGiveUpSeconds` have passed since the row was written, when it is marked `failed`; a
/// channel's last success and last error are kept on the channel.
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
public final class AlertDeliveryWorker: @unchecked Sendable {
    /// Rows taken per pass.
    public static let batchSize = 256
    /// Deliveries handed to the client and not yet answered, at most.
    public static let maxInFlight = 4_096
    /// How long a row handed to the client is kept from later passes (its attempt ends well before:
    /// the client's timeout); after a restart a row that was in flight is sent again after this.
    public static let leaseSeconds = 30
    /// The thread re-reads the outbox at least this often.
    public static let maxSleepSeconds = 60.0

    private struct Outcome {
        var delivery: PendingDelivery
        var failure: String?
        /// The channel can never take a message again (`ChannelFailure.endsChannel`).
        var endsChannel = false
        var destination: String?
    }

    private let database: any DatabaseWriter
    private let clock: any WallClock
    private let retryPolicy: DeliveryRetryPolicy
    private let client: OutgoingHTTPClient
    private let channels: ChannelDelivery
    private let logger: Logger
    private let passLock = NSLock()
    private let state = ConditionLock()
    private var inFlight: Set<Int64> = []
    private var finished: [Outcome] = []
    private var destinationRetryAt: [String: Int64] = [:]
    private let loop = BackgroundLoop(name: "alert-delivery")

    /// Creates a stopped worker that sends through `client` and tries a failed delivery again by `retryPolicy`.
    public init(
        database: any DatabaseWriter, client: OutgoingHTTPClient, channels: ChannelDelivery, clock: any WallClock,
        retryPolicy: DeliveryRetryPolicy, logger: Logger
    ) {
        self.database = database
        self.client = client
        self.channels = channels
        self.clock = clock
        self.retryPolicy = retryPolicy
        self.logger = logger
    }

    /// Starts the delivery thread.
    public func start() {
        loop.start(failure: "alert delivery pass failed", logger: logger, retrySeconds: Self.maxSleepSeconds) { [self] in
            passLock.lock()
            defer { passLock.unlock() }
            try recordFinished()
            while try dispatchDue().taken == Self.batchSize {}
            return try secondsUntilNextDue()
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
        state.withLock {
            while !inFlight.isEmpty { state.wait() }
        }
        try recordFinished()
        return attempted
    }

    /// Takes the due rows, leases them (or postpones them to their destination's retry time) and hands
    /// them to the client; returns how many rows were taken and how many of them were sent.
    private func dispatchDue() throws -> (taken: Int, sent: Int) {
        let now = clock.now().unixMilliseconds
        let busy = state.withLock { inFlight.count >= Self.maxInFlight }
        guard !busy else { return (0, 0) }
        let due = try database.read { db in try AlertDeliveryStore(db: db).due(at: now, limit: Self.batchSize) }
        guard !due.isEmpty else { return (0, 0) }
        var send: [PendingDelivery] = []
        var postponed: [(key: Int64, until: Int64)] = []
        state.withLock {
            for delivery in due where !inFlight.contains(delivery.key) {
                let destination = self.destination(of: delivery)
                if let destination, let retryAt = destinationRetryAt[destination], retryAt > now {
                    postponed.append((delivery.key, retryAt))
                } else {
                    inFlight.insert(delivery.key)
                    send.append(delivery)
                }
            }
        }
        let lease = now + Int64(Self.leaseSeconds) * Timestamp.millisecondsPerSecond
        let claimed = try database.write { db -> Set<Int64> in
            let deliveries = AlertDeliveryStore(db: db)
            var claimed: Set<Int64> = []
            for delivery in due where try deliveries.lease(delivery.key, dueAt: now, until: lease) { claimed.insert(delivery.key) }
            for row in postponed where claimed.contains(row.key) { try deliveries.postpone(row.key, until: row.until) }
            return claimed
        }
        let lost = send.filter { !claimed.contains($0.key) }.map(\.key)
        if !lost.isEmpty {
            state.withLock {
                for key in lost { inFlight.remove(key) }
                state.broadcast()
            }
        }
        let mine = send.filter { claimed.contains($0.key) }
        for delivery in mine { attempt(delivery) }
        return (due.count, mine.count)
    }

    /// The destination whose back-off a delivery shares.
    private func destination(of delivery: PendingDelivery) -> String? {
        switch delivery.target {
        case .webhook(let url, _): OutgoingURL(url)?.destination
        case .channel(_, let settings): channels.destination(of: settings)
        }
    }

    private func attempt(_ delivery: PendingDelivery) {
        let destination = self.destination(of: delivery)
        let finish: @Sendable (ChannelFailure?) -> Void = { [self] failure in
            complete(Outcome(
                delivery: delivery, failure: failure?.description, endsChannel: failure?.endsChannel ?? false, destination: destination))
        }
        switch delivery.target {
        case .webhook(let url, let secret):
            guard let url = OutgoingURL(url) else { return finish(ChannelFailure("not an http or https URL")) }
            let request = WebhookSignedRequest.make(
                url: url, secret: secret, event: delivery.event,
                idempotencyKey: "\(delivery.alertID):\(delivery.event):\(delivery.key)", body: Array(delivery.payload.utf8))
            client.send(request) { result in finish(ChannelDelivery.failure(of: result).map { ChannelFailure($0) }) }
        case .channel(_, let settings):
            let notification: AlertNotification
            do {
                notification = try JSONDecoder().decode(AlertNotification.self, from: Data(delivery.payload.utf8))
            } catch {
                return finish(ChannelFailure("the stored notification is unreadable: \(error)"))
            }
            channels.send(notification, on: settings, completion: finish)
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
            let channelStore = ChannelStore(db: db)
            let deliveries = AlertDeliveryStore(db: db)
            for outcome in outcomes {
                let delivery = outcome.delivery
                if let channel = delivery.target.channelKey {
                    try channelStore.recordResult(channel: channel, error: outcome.failure, at: Timestamp(unixMilliseconds: now))
                }
                guard let failure = outcome.failure else {
                    if let destination = outcome.destination { successes.insert(destination) }
                    try deliveries.markDelivered(delivery.key, at: now)
                    continue
                }
                if outcome.endsChannel, let channel = delivery.target.channelKey {
                    try channelStore.retire(channel, because: failure, at: Timestamp(unixMilliseconds: now))
                    continue
                }
                let giveUpAt = delivery.createdAt + Int64(retryPolicy.giveUpSeconds) * Timestamp.millisecondsPerSecond
                if now >= giveUpAt {
                    try deliveries.markFailed(delivery.key, failure: failure, at: now)
                } else {
                    let next = min(now + retryDelayMilliseconds(afterAttempts: delivery.attempts + 1), giveUpAt)
                    if let destination = outcome.destination { retries[destination] = max(retries[destination] ?? 0, next) }
                    try deliveries.scheduleRetry(delivery.key, failure: failure, at: next)
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
                "alert delivery failed",
                metadata: ["delivery": "\(outcome.delivery.key)", "error": "\(outcome.failure ?? "")"])
        }
    }

    private func secondsUntilNextDue() throws -> Double {
        let next = try database.read { db in try AlertDeliveryStore(db: db).nextAttempt() }
        guard let next else { return Self.maxSleepSeconds }
        return min(max(Double(next - clock.now().unixMilliseconds) / 1000, 0.05), Self.maxSleepSeconds)
    }

    /// The first retry delay doubled per failed attempt, capped, then drawn uniformly from its upper half
    /// so that receivers coming back are not hit by every sender at once.
    func retryDelayMilliseconds(afterAttempts attempts: Int) -> Int64 {
        let exponential = retryPolicy.firstRetrySeconds * pow(2, Double(min(max(attempts - 1, 0), 30)))
        let capped = min(exponential, retryPolicy.maxRetrySeconds)
        return Int64(capped * Double.random(in: 0.5...1.0) * 1000)
    }
}
