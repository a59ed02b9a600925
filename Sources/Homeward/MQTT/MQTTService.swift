import Foundation
import HomewardHTTP
import HomewardSync
import Logging

/// The server's one MQTT client, as a lifecycle service (`start`, `stop`), made only when
/// `--mqtt-url` names a broker. Its connection (`MQTTConnection`) runs on libmosquitto's loop in a
/// thread of its own and only moves messages: each one received is copied into a bounded queue
/// (when the queue is full the network thread waits, so the broker holds the rest), and the
/// service's worker (`BackgroundLoop` "mqtt") does the work: OwnTracks messages through
/// `OwnTracksBridge`, Home Assistant through `HomeAssistantPublisher`, the news of the event bus
/// (positions, alerts), settings changed through the API, and at every connection and every
/// `refreshSeconds` everything published compared with the database again.
///
/// A broker that is down at start does not stop the server; it is tried again with back-off until
/// it answers. A database that is away leaves the message at the head of the queue, tried again
/// with back-off, never dropped. A QoS 1 message is acknowledged to the broker only once the worker
/// settled it (`MQTTConnection.settle`: stored, or refused for good), so a server that dies with
/// messages in its queue has acknowledged none of them and the broker delivers them again.
///
/// `@unchecked Sendable`: the queued work is read and written under `condition` only.
public final class MQTTService: @unchecked Sendable {
    private let settings: MQTTSettings
    private let owntracks: OwnTracksBridge?
    private let homeAssistant: HomeAssistantPublisher
    private let publisher: MQTTPublisher
    private let metrics: AppMetrics
    private let logger: Logger
    private var connection: MQTTConnection?
    private let loop = BackgroundLoop(name: "mqtt")
    private let condition = ConditionLock()
    private var messages: [MQTTMessage] = []
    private var moved: Set<AccountKey> = []
    private var alerts: [(AccountKey, [UInt8])] = []
    private var settingsChanged: Set<AccountKey> = []
    private var locates: Set<AccountKey> = []
    private var needsFullSync = false
    private var hasReconnected = false
    private var isStopping = false
    private var retryDelaySeconds = 0.0
    private var lastFullSync = Date.distantPast
    /// Tests: while set, the worker handles no message and throws this instead (a database away).
    private var heldBy: (any Error)?

    /// The longest wait before a message the database refused is tried again.
    static let maxRetryDelaySeconds = 30.0

    init(
        settings: MQTTSettings, broker: MQTTBroker, owntracks: (MQTTPublisher) -> OwnTracksBridge?,
        homeAssistant: (MQTTPublisher) -> HomeAssistantPublisher, metrics: AppMetrics, logger: Logger
    ) throws {
        self.settings = settings
        self.metrics = metrics
        self.logger = logger
        let holder = ConnectionHolder()
        let publisher = MQTTPublisher(
            send: { topic, payload, retain in holder.connection?.publish(topic, payload, retain: retain) ?? false },
            isConnected: { holder.connection?.isConnected ?? false })
        self.publisher = publisher
        let bridge = owntracks(publisher)
        self.owntracks = bridge
        let homeAssistant = homeAssistant(publisher)
        self.homeAssistant = homeAssistant
        let topics = (bridge?.subscriptions ?? []) + homeAssistant.topics.configSubscriptions
        let connection = try MQTTConnection(
            settings: settings, broker: broker, subscriptions: topics,
            will: MQTTConnection.Will(topic: homeAssistant.topics.status, online: Array("online".utf8), offline: Array("offline".utf8)),
            logger: logger,
            onConnect: { [weak holder] in holder?.service?.connected() },
            onMessage: { [weak holder] message in holder?.service?.enqueue(message) })
        holder.connection = connection
        self.connection = connection
        holder.service = self
    }

    /// Whether the broker is connected now.
    public var isConnected: Bool { connection?.isConnected ?? false }

    /// Starts the worker and the connection (which connects in the background).
    public func start() {
        loop.start { [self] in pass() }
        connection?.start()
    }

    /// Handles what was already received, stops the connection (acknowledging what was handled),
    /// handles what came meanwhile, and stops the worker. What the database refused until then is
    /// not acknowledged: the broker delivers it again at the next start.
    public func stop() {
        condition.withLock {
            isStopping = true
            condition.broadcast()
        }
        loop.runPassAndWait()
        connection?.stop()
        loop.runPassAndWait()
        loop.stop()
    }

    /// Tests: stops as a killed process would, the queue lost and nothing more sent to the broker.
    func stopAsIfKilled() {
        condition.withLock {
            isStopping = true
            messages = []
            condition.broadcast()
        }
        connection?.abandon()
        loop.stop()
    }

    /// Tests: makes the worker fail every message with `error` (a database away) until nil.
    func holdMessages(_ error: (any Error)?) {
        condition.withLock { heldBy = error }
        loop.wake()
    }

    /// Tests: how many messages wait in the queue.
    var queuedMessages: Int { condition.withLock { messages.count } }

    /// Takes in an event of this node's bus, or one another node relayed: a new position or an alert
    /// change of someone (published after its commit); returns at once.
    func hear(_ event: AppEvent) {
        switch event.kind {
        case .location: locationChanged(event.subject)
        case .alert: alertChanged(event.subject, payload: event.payload)
        case .trip, .import: break
        }
    }

    /// A new position of `account` was committed (the event bus).
    func locationChanged(_ account: AccountKey) {
        condition.withLock { _ = moved.insert(account) }
        loop.wake()
    }

    /// An alert of `account` was raised or changed (the event bus), with the alert's JSON.
    func alertChanged(_ account: AccountKey, payload: [UInt8]) {
        condition.withLock { alerts.append((account, payload)) }
        loop.wake()
    }

    /// "Show in Home Assistant" of `account` was changed (and committed).
    func homeAssistantChanged(_ account: AccountKey) {
        condition.withLock { _ = settingsChanged.insert(account) }
        loop.wake()
    }

    /// Access was taken back (a link ended, an account deleted): every person shown is compared
    /// with the database now, not at the next refresh.
    func homeAssistantAccessChanged() {
        condition.withLock { needsFullSync = true }
        loop.wake()
    }

    /// A guardian asked where `account` is: the phones in MQTT mode hear it now.
    func locateRequested(_ account: AccountKey) {
        condition.withLock { _ = locates.insert(account) }
        loop.wake()
    }

    /// Runs `pass` until everything queued so far is handled (tests).
    func waitUntilIdle() {
        loop.runPassAndWait()
    }

    private func connected() {
        condition.withLock {
            needsFullSync = true
            hasReconnected = true
        }
        loop.wake()
    }

    /// Queues `message` for the worker, on the connection's thread; waits while the queue is full.
    private func enqueue(_ message: MQTTMessage) {
        condition.withLock {
            while messages.count >= settings.maxQueuedMessages && !isStopping { condition.wait() }
            messages.append(message)
        }
        loop.wake()
    }

    /// One round of the worker; returns how long to sleep.
    private func pass() -> Double {
        let (batch, fullSync, reconnected, held) = condition.withLock { () -> ([MQTTMessage], Bool, Bool, (any Error)?) in
            let sync = needsFullSync || Date().timeIntervalSince(lastFullSync) >= Double(settings.refreshSeconds)
            defer { needsFullSync = false; hasReconnected = false }
            return (messages, sync, hasReconnected, heldBy)
        }
        do {
            // The broker may have lost what was retained (a restart without persistence): after a
            // connection everything is published again.
            if reconnected { publisher.forgetRetained() }
            if fullSync {
                try homeAssistant.publishAll()
                try owntracks?.publishAllFriends()
                condition.withLock { lastFullSync = Date() }
            }
            var handled = 0
            defer {
                condition.withLock {
                    // Empty after `stopAsIfKilled` (tests).
                    messages.removeFirst(min(handled, messages.count))
                    condition.broadcast()
                }
                connection?.settle(handled)
            }
            if let held, !batch.isEmpty { throw held }
            for message in batch {
                try handle(message)
                handled += 1
            }
            let (changed, located, raised, movers) = condition.withLock {
                defer { settingsChanged = []; locates = []; alerts = []; moved = [] }
                return (settingsChanged, locates, alerts, moved)
            }
            for account in changed { try homeAssistant.settingChanged(account) }
            for account in located { try owntracks?.commandsDue(for: account) }
            for (account, payload) in raised { try homeAssistant.alertChanged(account, alert: payload) }
            for account in movers {
                try homeAssistant.locationChanged(account)
                try owntracks?.personChanged(account)
            }
            condition.withLock { retryDelaySeconds = 0 }
            return Double(settings.refreshSeconds)
        } catch {
            // The database is away (or refused): what is queued stays, and is tried again soon.
            let delay = condition.withLock { () -> Double in
                retryDelaySeconds = min(Self.maxRetryDelaySeconds, max(1, retryDelaySeconds * 2))
                if fullSync { needsFullSync = true }
                if reconnected { hasReconnected = true }
                return retryDelaySeconds
            }
            logger.warning("MQTT work failed; trying again", metadata: ["error": "\(error)", "retrySeconds": "\(delay)"])
            return delay
        }
    }

    private func handle(_ message: MQTTMessage) throws {
        if homeAssistant.topics.accountID(ofConfig: message.topic) != nil {
            try homeAssistant.configSeen(message.topic, payload: message.payload)
            return
        }
        guard let owntracks else { return }
        let outcome: String
        do {
            outcome = try owntracks.receive(message).rawValue
        } catch let error as HTTPError where error.status == .serviceUnavailable {
            throw error
        } catch let error as any HTTPErrorConvertible where error.httpError?.status == .serviceUnavailable {
            throw error
        } catch {
            // Not the database being away: trying again would fail again. Counted and logged.
            logger.error("OwnTracks MQTT message failed", metadata: ["topic": "\(message.topic)", "error": "\(error)"])
            outcome = "failed"
        }
        metrics.increment("homeward_mqtt_messages_total", labels: ["outcome": outcome])
    }
}

/// Ties the connection's callbacks and the publisher to the service without a retain cycle.
private final class ConnectionHolder: @unchecked Sendable {
    // Set once while the service is made, before the connection starts; read after.
    weak var service: MQTTService?
    var connection: MQTTConnection?
}
