import Foundation
import HomewardHTTP
import HomewardPostgres
import HomewardStore
import HomewardSync
import Logging

/// Carries events between the Homeward nodes that share one PostgreSQL database, through
/// LISTEN/NOTIFY on the channel `homeward_events`: every event this node publishes (after its
/// transaction committed) goes to the other nodes, and theirs reach this node's streams and
/// workers, so a guardian connected to one node sees a fix posted to another; so do the changes of
/// access that streams must obey at once (a link removed, a trip ended, sessions ended).
///
/// Two threads, each with a connection of its own: one sends the queued events, packed into as few
/// notifications as PostgreSQL's 8000-byte payload allows; one listens. A connection that breaks
/// is opened again after `reconnectSeconds`; events queued meanwhile wait (at most `maxQueued`).
///
/// A node alone on its database relays nothing: before it sends what is queued, the sender asks
/// PostgreSQL whether another node listens (`pg_stat_activity`: a connection named
/// `listenerName`, or one whose last statement was the `LISTEN`), and drops the events when none
/// does. Those events were committed before the question was asked, so a node whose listener
/// starts after it reads them from the database (its streams read their state when they open);
/// once a listener was seen, everything is sent for `recheckSeconds` before the next question (a
/// notification no one hears is harmless). Alone, a node asks at most every `aloneAskSeconds`
/// (the question reads every server process's state: 74 µs, against 6 for a notification).
final class ClusterEventRelay: @unchecked Sendable {
    // @unchecked Sendable: `queue`, `dropped`, `unheard`, `sent`, `isPausing`, `isStopped` and the process ids are guarded by
    // `condition`.
    /// The notification channel.
    static let channel = "homeward_events"
    /// A notification carries at most this many bytes of events (PostgreSQL refuses 8000 or more):
    /// 7,900. A single event larger than this is not relayed (and logged).
    static let maxPayloadBytes = 7_900
    /// Notifications go out at most this often, each carrying the events queued meanwhile, so that
    /// a busy node sends a few hundred a second, not one a write group (each costs a round trip and,
    /// on the server, a transaction of its own): 0.005 s, what a guardian's stream on another node
    /// waits at most on top.
    static let gatherSeconds = 0.005
    /// Events waiting to be sent, at most: 10,000; beyond it the oldest are dropped (and counted).
    static let maxQueued = 10_000
    /// Seconds before a broken connection is opened again: 1.
    static let reconnectSeconds = 1.0
    /// The `application_name` of a listening connection, set before its `LISTEN`.
    static let listenerName = "homeward-listen"
    /// Once another node's listener was seen, events are sent without asking again for this long: 5 s.
    static let recheckSeconds = 5.0
    /// A node alone asks again at most this often (a node that joins hears its first events this
    /// much later at worst): 0.05 s.
    static let aloneAskSeconds = 0.05

    /// This node's name in the events it sends, so it ignores its own.
    let nodeID = SecureRandom.identifier()
    private let url: String
    /// What receives the other nodes' messages, from `start`.
    private var deliver: (@Sendable (ClusterMessage) -> Void)?
    private let logger: Logger
    private let condition = ConditionLock()
    private var queue: [RelayedMessage] = []
    private var isStopped = false
    /// Events dropped because the queue was full or one was too large.
    private(set) var dropped = 0
    /// Events not sent because no other node listened.
    private var unheard = 0
    /// Notifications sent.
    private var sent = 0
    /// Whether the sender waits before it asks again whether another node listens.
    private var isPausing = false
    /// The server process of the listening connection, which is not another node.
    private var listenerProcessID: Int?
    /// Whether the listening connection is up and listening.
    private var listening = false
    /// The server process of the sending connection: its notifications come back to this node's
    /// listener too, and are dropped unread (decoding them cost a sixth of a busy node's CPU).
    private var senderProcessID: Int?

    /// How many events were not sent because no other node listened.
    var unheardEvents: Int { condition.withLock { unheard } }

    /// How many notifications went out.
    var notificationsSent: Int { condition.withLock { sent } }

    /// Whether this node hears the other nodes now.
    var isListening: Bool { condition.withLock { listening } }

    /// A relay on the database at `url`.
    init(url: String, logger: Logger) {
        self.url = url
        self.logger = logger
    }

    /// Starts sending, and listening for the other nodes' messages, which go to `deliver` (on the
    /// listening thread: it must return quickly); a second call only replaces `deliver`.
    func start(deliver: @escaping @Sendable (ClusterMessage) -> Void) {
        let started = condition.withLock {
            defer { self.deliver = deliver }
            return self.deliver != nil
        }
        // Started once: two senders would each keep their own pace.
        guard !started else { return }
        let sender = Thread { [self] in runSender() }
        sender.name = "cluster-events-send"
        let listener = Thread { [self] in runListener() }
        listener.name = "cluster-events-listen"
        sender.start()
        listener.start()
    }

    /// Stops both threads (within about half a second); queued events are not sent.
    func stop() {
        condition.withLock {
            isStopped = true
            condition.broadcast()
        }
    }

    /// Queues `message` for the other nodes.
    func send(_ message: ClusterMessage) {
        let relayed = RelayedMessage(node: nodeID, message: message)
        condition.withLock {
            guard !isStopped else { return }
            if queue.count >= Self.maxQueued {
                queue.removeFirst()
                dropped += 1
            }
            queue.append(relayed)
            if !isPausing { condition.signal() }
        }
    }

    private var stopped: Bool { condition.withLock { isStopped } }

    private func runSender() {
        var connection: PostgresConnection?
        // Until when another node's listener counts as seen.
        var othersSeenUntil = Date.distantPast
        // When the last notification went out.
        var lastSent = Date.distantPast
        while true {
            let batch: [RelayedMessage]? = condition.withLock {
                while queue.isEmpty, !isStopped { condition.wait() }
                // A busy node's events go out at most every `gatherSeconds`, many a notification.
                pause(until: lastSent.addingTimeInterval(Self.gatherSeconds))
                guard !isStopped else { return nil }
                defer { queue.removeAll(keepingCapacity: true) }
                return queue
            }
            guard let batch else { return }
            do {
                let open = try connection ?? PostgresConnection(url: url)
                if connection == nil {
                    let processID = open.serverProcessID
                    condition.withLock { senderProcessID = processID }
                }
                connection = open
                // A question that fails sends (a broken connection then fails the notification).
                guard (try? othersListen(open, seenUntil: &othersSeenUntil)) ?? true else {
                    // Alone: the next question waits a little, for the events queued meanwhile.
                    let next = Date().addingTimeInterval(Self.aloneAskSeconds)
                    condition.withLock {
                        unheard += batch.count
                        pause(until: next)
                    }
                    continue
                }
                for payload in packed(batch) {
                    try open.notify(Self.channel, payload: payload)
                    condition.withLock { sent += 1 }
                }
                lastSent = Date()
            } catch {
                logger.warning("cannot relay events to the other nodes", metadata: ["error": "\(error)"])
                connection = nil
                condition.withLock {
                    // Its process id may soon serve another node's connection.
                    senderProcessID = nil
                    queue.insert(contentsOf: batch, at: 0)
                    if queue.count > Self.maxQueued {
                        dropped += queue.count - Self.maxQueued
                        queue.removeFirst(queue.count - Self.maxQueued)
                    }
                    _ = condition.wait(timeoutSeconds: Self.reconnectSeconds)
                }
            }
        }
    }

    /// Waits until `deadline` (or the stop) holding `condition`'s lock, meanwhile `send` not waking
    /// this thread for each event it queues.
    private func pause(until deadline: Date) {
        isPausing = true
        while !isStopped {
            let left = deadline.timeIntervalSinceNow
            guard left > 0 else { break }
            _ = condition.wait(timeoutSeconds: left)
        }
        isPausing = false
    }

    /// Whether a connection of another node listens on the channel of this database (asked on `open`
    /// unless one was seen less than `recheckSeconds` ago, per `seenUntil`).
    private func othersListen(_ open: PostgresConnection, seenUntil: inout Date) throws -> Bool {
        let now = Date()
        if now < seenUntil { return true }
        let ownListener = condition.withLock { listenerProcessID } ?? 0
        let listeners: Int64 = try open.fetchOne(
            """
            SELECT count(*) FROM pg_stat_activity
            WHERE datname = current_database() AND pid <> pg_backend_pid() AND pid <> $1
              AND (application_name = $2 OR query = $3)
            """, [Int64(ownListener), Self.listenerName, "LISTEN \"\(Self.channel)\""]) ?? 0
        guard listeners > 0 else { return false }
        seenUntil = now.addingTimeInterval(Self.recheckSeconds)
        return true
    }

    /// The events of `batch` as JSON arrays of at most `maxPayloadBytes` each.
    private func packed(_ batch: [RelayedMessage]) -> [String] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        var payloads: [String] = []
        var current: [String] = []
        var size = 2
        for event in batch {
            guard let data = try? event.json(encoder), data.count + 2 <= Self.maxPayloadBytes else {
                condition.withLock { dropped += 1 }
                logger.warning("an event too large for a notification was not relayed")
                continue
            }
            if size + data.count + 1 > Self.maxPayloadBytes {
                payloads.append("[" + current.joined(separator: ",") + "]")
                current = []
                size = 2
            }
            current.append(String(decoding: data, as: UTF8.self))
            size += data.count + 1
        }
        if !current.isEmpty { payloads.append("[" + current.joined(separator: ",") + "]") }
        return payloads
    }

    private func runListener() {
        let decoder = JSONDecoder()
        var connection: PostgresConnection?
        while !stopped {
            do {
                let open: PostgresConnection
                if let connection {
                    open = connection
                } else {
                    open = try PostgresConnection(url: url)
                    // Named before it listens: the other nodes' senders look for this name.
                    try open.executeScript("SET application_name = '\(Self.listenerName)'")
                    try open.listen(Self.channel)
                    connection = open
                    let processID = open.serverProcessID
                    condition.withLock {
                        listening = true
                        listenerProcessID = processID
                    }
                }
                let ownSender = condition.withLock { senderProcessID }
                for notification in try open.notifications(waitingUpTo: 500)
                where notification.channel == Self.channel && notification.senderProcessID != ownSender {
                    // (A notification sent before the sender reconnected is read, and its events
                    // recognised by `nodeID`.)
                    let payload = Array(notification.payload.utf8)
                    guard let messages = RelayedEventReader.messages(of: payload)
                            ?? (try? decoder.decode([RelayedMessage].self, from: Data(payload))) else {
                        logger.warning("an unreadable event notification was ignored")
                        continue
                    }
                    let deliver = condition.withLock { self.deliver }
                    for relayed in messages where relayed.node != nodeID {
                        deliver?(relayed.message)
                    }
                }
            } catch {
                logger.warning("cannot hear the other nodes' events", metadata: ["error": "\(error)"])
                connection = nil
                condition.withLock {
                    listening = false
                    listenerProcessID = nil
                    _ = condition.wait(timeoutSeconds: Self.reconnectSeconds)
                }
            }
        }
    }
}

/// What one node tells the others: an event, or a change of access that open streams obey at once.
enum ClusterMessage: Codable, Sendable {
    case event(RelayedEvent)
    case guardianshipEnded(person: AccountKey, guardian: AccountKey)
    case tripEnded(tripID: String, traveller: AccountKey)
    case sessionsEnded(account: AccountKey, except: String?)
    case sessionEnded(id: String)
    /// Who is shown in Home Assistant changed: one person's setting, or (nil) access.
    case homeAssistantChanged(account: AccountKey?)
    /// A person's zones or tracker settings changed: every node drops their tracker.
    case trackerSettingsChanged(account: AccountKey, keepingRoutine: Bool)
    /// A person's stored history changed in the past (late fixes, an import): every node rebuilds
    /// their routine from it.
    case historyChanged(account: AccountKey)
}

/// A message with the node that sent it.
struct RelayedMessage: Codable {
    let node: String
    let message: ClusterMessage
}

extension RelayedMessage {
    /// The message as JSON, as `encoder` (a `JSONEncoder`) writes it with sorted keys and the other
    /// nodes' `JSONDecoder` reads it: an event, most of what a busy node relays, written with a
    /// `JSONBuilder` (through `JSONEncoder` events took about a tenth of a node's CPU under
    /// single-sample posts); the rare changes of access by `encoder`.
    func json(_ encoder: JSONEncoder) throws -> [UInt8] {
        guard case .event(let event) = message else { return Array(try encoder.encode(self)) }
        var json = JSONBuilder(capacity: event.payload.utf8.count * 9 / 8 + 192)
        json.beginObject()
        json.key("message")
        json.beginObject()
        json.key("event")
        json.beginObject()
        json.key("_0")
        json.beginObject()
        if let alertType = event.alertType {
            json.key("alertType")
            json.string(alertType)
        }
        json.key("kind")
        json.string(event.kind)
        if let origin = event.originAtMilliseconds {
            json.key("originAtMilliseconds")
            json.number(Int(origin))
        }
        json.key("payload")
        json.string(event.payload)
        json.key("subject")
        json.number(Int(event.subject))
        if let tripID = event.tripID {
            json.key("tripID")
            json.string(tripID)
        }
        json.endObject()
        json.endObject()
        json.endObject()
        json.key("node")
        json.string(node)
        json.endObject()
        return json.bytes
    }
}

/// One event as it travels between nodes: the sending node, what the streams' access checks read,
/// and the rendered payload.
struct RelayedEvent: Codable, Sendable {
    let kind: String
    let subject: Int64
    let tripID: String?
    let originAtMilliseconds: Int64?
    let alertType: String?
    let payload: String

    init(kind: String, subject: Int64, tripID: String?, originAtMilliseconds: Int64?, alertType: String?, payload: String) {
        self.kind = kind
        self.subject = subject
        self.tripID = tripID
        self.originAtMilliseconds = originAtMilliseconds
        self.alertType = alertType
        self.payload = payload
    }

    init(_ event: AppEvent) {
        kind = event.kind.rawValue
        subject = event.subject
        tripID = event.tripID
        originAtMilliseconds = event.originAt?.unixMilliseconds
        alertType = event.alertType?.rawValue
        payload = String(decoding: event.payload, as: UTF8.self)
    }

    /// The event, as the sending node published it; nil for a kind or type this node does not know.
    var appEvent: AppEvent? {
        guard let kind = AppEvent.Kind(rawValue: kind) else { return nil }
        let type = alertType.flatMap(AlertType.init(rawValue:))
        guard alertType == nil || type != nil else { return nil }
        return AppEvent(
            kind: kind, subject: subject, tripID: tripID, originAt: originAtMilliseconds.map(Timestamp.init(unixMilliseconds:)),
            alertType: type, payload: Array(payload.utf8))
    }
}
