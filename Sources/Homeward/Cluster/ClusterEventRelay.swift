import CSystemShims
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
///
/// Positions, most of what a busy node publishes, go on a channel of their own,
/// `positionsChannel`, which a node hears only while it wants them (`wantPositions`): while it has
/// an event stream open, for `EventStreamHub`'s replay window after, and always when it talks to an
/// MQTT broker. Its listener then also listens on that channel and takes the name
/// `positionsListenerName`, and the other nodes send positions only while they see a connection of
/// that name, asked as above: positions are dropped only after a question asked once they were
/// committed found no node wanting them. So a stream that opens waits until its node hears the
/// positions channel and carries that name, and every position committed after it opened reaches
/// it; a node with no stream neither renders nor reads the others' positions (about a fifth of
/// what two nodes could post, `bench/README`). A node not wanting positions is asked about again at
/// most every `positionsAskSeconds`, its positions held meanwhile without waking the sender.
final class ClusterEventRelay: @unchecked Sendable, OtherNodesPositions {
    // @unchecked Sendable: `queue`, `queuedMessages`, `dropped`, `unheard`, `sent`, `rounds`, `isPausing`,
    // `positionsUnwanted`, `isStopped`, the process ids and the positions' want are guarded by `condition`.
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
    /// The channel of positions (`location` events), heard only by nodes that want them.
    static let positionsChannel = "homeward_positions"
    /// The `application_name` of a listening connection that also hears `positionsChannel`, set
    /// after its `LISTEN` on it.
    static let positionsListenerName = "homeward-listen-positions"
    /// While no other node wants positions, a node asks again at most this often, holding its
    /// positions meanwhile (a stream that opens on another node waits for no question): 0.05 s.
    static let positionsAskSeconds = 0.05
    /// A stream that opens waits at most this long for its node to hear the other nodes' positions
    /// (not at all while the listener is not connected): 2 s.
    static let positionsWaitSeconds = 2.0

    /// This node's name in the events it sends, so it ignores its own.
    let nodeID = SecureRandom.identifier()
    private let url: String
    /// What receives the other nodes' messages, from `start`.
    private var deliver: (@Sendable (ClusterMessage) -> Void)?
    private let logger: Logger
    private let condition = ConditionLock()
    private var queue: [Outgoing] = []
    /// Until when this node wants the other nodes' positions (`wantPositions`).
    private var positionsWantedUntil = Date.distantPast
    /// Whether the listening connection hears `positionsChannel` and carries its name.
    private var hearsPositions = false
    /// Wakes the listener from its wait for notifications when positions become wanted.
    private let listenerWake: Int32
    private var isStopped = false
    /// Events dropped because the queue was full or one was too large.
    private(set) var dropped = 0
    /// Events not sent because no other node listened.
    private var unheard = 0
    /// Notifications sent.
    private var sent = 0
    /// How many times the sender took what was queued.
    private var rounds = 0
    /// Whether the sender waits before it asks again whether another node listens.
    private var isPausing = false
    /// Whether no other node wanted positions when the sender last looked: positions queued
    /// meanwhile wait for its next question (`positionsAskSeconds`) without waking it.
    private var positionsUnwanted = false
    /// How many of `queue`'s entries are not positions (each wakes the sender).
    private var queuedMessages = 0
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

    /// How many times the sender woke and took what was queued.
    var senderRounds: Int { condition.withLock { rounds } }

    /// Whether this node hears the other nodes now.
    var isListening: Bool { condition.withLock { listening } }

    /// Whether this node hears the other nodes' positions now.
    var isHearingPositions: Bool { condition.withLock { hearsPositions } }

    /// The relay's measures for `/metrics`: whether this node hears the others (and their
    /// positions), and how many notifications it sent and events it did not send.
    func renderPrometheus() -> String {
        let (listening, hearsPositions, sent, unheard, dropped) = condition.withLock {
            (self.listening, self.hearsPositions, self.sent, self.unheard, self.dropped)
        }
        return """
            # HELP homeward_cluster_listening Whether this node hears the other nodes' events (1) or not (0).
            # TYPE homeward_cluster_listening gauge
            homeward_cluster_listening \(listening ? 1 : 0)
            # HELP homeward_cluster_hears_positions Whether this node hears the other nodes' positions (it has a stream open, or an MQTT broker).
            # TYPE homeward_cluster_hears_positions gauge
            homeward_cluster_hears_positions \(hearsPositions ? 1 : 0)
            # HELP homeward_cluster_notifications_total Notifications this node sent to the other nodes.
            # TYPE homeward_cluster_notifications_total counter
            homeward_cluster_notifications_total \(sent)
            # HELP homeward_cluster_unheard_events_total Events not sent because no other node listened (or wanted positions).
            # TYPE homeward_cluster_unheard_events_total counter
            homeward_cluster_unheard_events_total \(unheard)
            # HELP homeward_cluster_dropped_events_total Events not sent because the queue was full or one was too large.
            # TYPE homeward_cluster_dropped_events_total counter
            homeward_cluster_dropped_events_total \(dropped)

            """
    }

    /// A relay on the database at `url`.
    init(url: String, logger: Logger) {
        self.url = url
        self.logger = logger
        listenerWake = homeward_eventfd()
        precondition(listenerWake >= 0, "eventfd failed: \(errno)")
    }

    deinit {
        close(listenerWake)
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
        enqueue(.message(message))
    }

    /// Queues `event`, one of this node's, for the other nodes: a position (rendered only if a node
    /// wants it) on `positionsChannel`, anything else as `send`.
    func publish(_ event: AppEvent) {
        enqueue(event.kind == .location ? .position(event) : .message(.event(RelayedEvent(event))))
    }

    private func enqueue(_ outgoing: Outgoing) {
        condition.withLock {
            guard !isStopped else { return }
            if queue.count >= Self.maxQueued {
                if !queue.removeFirst().isPosition { queuedMessages -= 1 }
                dropped += 1
            }
            if outgoing.isPosition {
                // Unwanted, a position waits for the sender's next question: a busy node stores one
                // a post, and waking the sender for each was most of what the relay cost it. Only
                // the first one queued wakes it, so that it waits for that question.
                let firstPosition = queue.count == queuedMessages
                queue.append(outgoing)
                if !isPausing, !positionsUnwanted || firstPosition { condition.signal() }
            } else {
                queue.append(outgoing)
                queuedMessages += 1
                if !isPausing { condition.signal() }
            }
        }
    }

    /// Makes the other nodes' positions reach this node for at least `seconds` from now (a longer
    /// want already made stays); when its listener does not hear them yet, returns once it does, or
    /// at once when the listener is not connected (it hears them as soon as it is again), or after
    /// `positionsWaitSeconds`.
    func wantPositions(forSeconds seconds: Double) {
        condition.withLock {
            positionsWantedUntil = max(positionsWantedUntil, Date().addingTimeInterval(seconds))
            guard !hearsPositions, deliver != nil, !isStopped else { return }
            _ = homeward_eventfd_signal(listenerWake)
            let deadline = Date().addingTimeInterval(Self.positionsWaitSeconds)
            while !hearsPositions, listening, !isStopped {
                let left = deadline.timeIntervalSinceNow
                guard left > 0 else {
                    logger.warning("the other nodes' positions are not heard yet; a stream opens without waiting longer")
                    return
                }
                _ = condition.wait(timeoutSeconds: left)
            }
        }
    }

    /// Makes the other nodes' positions reach this node for as long as it runs (it publishes them
    /// over MQTT).
    func wantPositionsAlways() {
        condition.withLock { positionsWantedUntil = .distantFuture }
    }

    private var stopped: Bool { condition.withLock { isStopped } }

    private func runSender() {
        var connection: PostgresConnection?
        var audience = Audience()
        // When the last notification went out.
        var lastSent = Date.distantPast
        // Positions waiting for the next question whether another node wants them.
        var held: [Outgoing] = []
        while true {
            let batch: [Outgoing]? = condition.withLock {
                while !isStopped, queuedMessages == 0, queue.isEmpty || positionsUnwanted {
                    guard !queue.isEmpty || !held.isEmpty else {
                        condition.wait()
                        continue
                    }
                    // Only positions wait, and no node wanted them: until the next question.
                    let left = audience.nextPositionsQuestion.timeIntervalSinceNow
                    guard left > 0 else { break }
                    _ = condition.wait(timeoutSeconds: left)
                }
                // A busy node's events go out at most every `gatherSeconds`, many a notification.
                pause(until: lastSent.addingTimeInterval(Self.gatherSeconds))
                guard !isStopped else { return nil }
                queuedMessages = 0
                rounds += 1
                defer { queue.removeAll(keepingCapacity: true) }
                return queue
            }
            guard let batch else { return }
            // Held positions came first.
            let pending = held + batch
            held = []
            do {
                let open = try connection ?? PostgresConnection(url: url)
                if connection == nil {
                    let processID = open.serverProcessID
                    condition.withLock { senderProcessID = processID }
                }
                connection = open
                let now = Date()
                let hasPositions = pending.contains { $0.isPosition }
                var asked = false
                if now >= audience.othersSeenUntil || (hasPositions && audience.mayAskAboutPositions(at: now)) {
                    // A question that fails sends (a broken connection then fails the notification).
                    audience.heard((try? listeners(on: open)) ?? (any: 1, positions: 1), at: now)
                    asked = true
                }
                guard now < audience.othersSeenUntil else {
                    // Alone: everything here was committed before the question. The next question
                    // waits a little, for the events queued meanwhile.
                    let next = Date().addingTimeInterval(Self.aloneAskSeconds)
                    condition.withLock {
                        unheard += pending.count
                        pause(until: next)
                    }
                    continue
                }
                let unwanted = now >= audience.positionsSeenUntil
                condition.withLock { positionsUnwanted = unwanted }
                var sending = pending
                if hasPositions && unwanted {
                    sending = pending.filter { !$0.isPosition }
                    if asked {
                        // No node wanted them when asked after they were committed.
                        condition.withLock { unheard += pending.count - sending.count }
                    } else {
                        held = pending.filter(\.isPosition)
                    }
                }
                for (channel, payload) in notifications(of: sending) {
                    try open.notify(channel, payload: payload)
                    condition.withLock { sent += 1 }
                }
                if !sending.isEmpty { lastSent = Date() }
            } catch {
                logger.warning("cannot relay events to the other nodes", metadata: ["error": "\(error)"])
                connection = nil
                condition.withLock {
                    // Its process id may soon serve another node's connection.
                    senderProcessID = nil
                    queue.insert(contentsOf: pending, at: 0)
                    if queue.count > Self.maxQueued {
                        dropped += queue.count - Self.maxQueued
                        queue.removeFirst(queue.count - Self.maxQueued)
                    }
                    queuedMessages = queue.count { !$0.isPosition }
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

    /// How many connections of other nodes listen on this database's channels (`any`), and how many
    /// of them hear positions too.
    private func listeners(on open: PostgresConnection) throws -> (any: Int, positions: Int) {
        let ownListener = condition.withLock { listenerProcessID } ?? 0
        return try open.fetchOne(
            """
            SELECT count(*) FILTER (WHERE application_name IN ($2, $3) OR query = $4),
                   count(*) FILTER (WHERE application_name = $3)
            FROM pg_stat_activity
            WHERE datname = current_database() AND pid <> pg_backend_pid() AND pid <> $1
            """, [Int64(ownListener), Self.listenerName, Self.positionsListenerName, "LISTEN \"\(Self.channel)\""]
        ) { row in (any: Int(try row.value(at: 0) as Int64), positions: Int(try row.value(at: 1) as Int64)) } ?? (0, 0)
    }

    /// The notifications that carry `items` in their order: runs of one channel, each packed into
    /// JSON arrays of at most `maxPayloadBytes`.
    private func notifications(of items: [Outgoing]) -> [(channel: String, payload: String)] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        var notifications: [(channel: String, payload: String)] = []
        var channel = Self.channel
        var current: [UInt8] = []
        func flush() {
            guard !current.isEmpty else { return }
            current.append(UInt8(ascii: "]"))
            notifications.append((channel, String(decoding: current, as: UTF8.self)))
            current = []
        }
        for item in items {
            guard let data = try? item.relayed(from: nodeID).json(encoder), data.count + 2 <= Self.maxPayloadBytes else {
                condition.withLock { dropped += 1 }
                logger.warning("an event too large for a notification was not relayed")
                continue
            }
            if item.channel != channel || current.count + data.count + 1 > Self.maxPayloadBytes {
                flush()
                channel = item.channel
            }
            current.append(current.isEmpty ? UInt8(ascii: "[") : UInt8(ascii: ","))
            current.append(contentsOf: data)
        }
        flush()
        return notifications
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
                _ = homeward_eventfd_drain(listenerWake)
                try followPositionsWant(on: open)
                let ownSender = condition.withLock { senderProcessID }
                for notification in try open.notifications(waitingUpTo: 500, wokenBy: listenerWake)
                where notification.senderProcessID != ownSender
                    && (notification.channel == Self.channel || notification.channel == Self.positionsChannel) {
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
                    hearsPositions = false
                    listenerProcessID = nil
                    _ = condition.wait(timeoutSeconds: Self.reconnectSeconds)
                }
            }
        }
    }

    /// Makes the listening connection `open` hear `positionsChannel` when this node wants positions
    /// (the `LISTEN` before the name the other nodes' senders look for), and stop when it no longer
    /// does (the name dropped first).
    private func followPositionsWant(on open: PostgresConnection) throws {
        let listen: Bool? = condition.withLock {
            let wanted = Date() < positionsWantedUntil
            if wanted, !hearsPositions { return true }
            guard !wanted, hearsPositions else { return nil }
            // No longer said to hear them before it stops: a want that comes meanwhile waits for it
            // to listen again.
            hearsPositions = false
            return false
        }
        switch listen {
        case true?:
            try open.listen(Self.positionsChannel)
            try open.executeScript("SET application_name = '\(Self.positionsListenerName)'")
            condition.withLock {
                hearsPositions = true
                condition.broadcast()
            }
        case false?:
            try open.executeScript("SET application_name = '\(Self.listenerName)'")
            try open.unlisten(Self.positionsChannel)
        case nil:
            break
        }
    }
}

/// What the sender last heard of the other nodes' listeners.
private struct Audience {
    /// Until when another node's listener counts as seen.
    var othersSeenUntil = Date.distantPast
    /// Until when another node counts as wanting positions.
    var positionsSeenUntil = Date.distantPast
    /// When positions may next be asked about, after no node wanted them.
    var nextPositionsQuestion = Date.distantPast

    /// Whether positions may be asked about at `now` (no node seen wanting them lately).
    func mayAskAboutPositions(at now: Date) -> Bool {
        now >= positionsSeenUntil && now >= nextPositionsQuestion
    }

    /// Takes in the answer to a question asked at `now`.
    mutating func heard(_ listeners: (any: Int, positions: Int), at now: Date) {
        othersSeenUntil = listeners.any > 0 ? now.addingTimeInterval(ClusterEventRelay.recheckSeconds) : .distantPast
        if listeners.positions > 0 {
            positionsSeenUntil = now.addingTimeInterval(ClusterEventRelay.recheckSeconds)
        } else {
            positionsSeenUntil = .distantPast
            nextPositionsQuestion = now.addingTimeInterval(ClusterEventRelay.positionsAskSeconds)
        }
    }
}

/// An event or message waiting to be sent: a position stays an `AppEvent` until it goes (most are
/// never rendered for the other nodes).
private enum Outgoing {
    case message(ClusterMessage)
    case position(AppEvent)

    var isPosition: Bool {
        if case .position = self { return true }
        return false
    }

    /// The channel it goes on.
    var channel: String {
        isPosition ? ClusterEventRelay.positionsChannel : ClusterEventRelay.channel
    }

    /// It as `node` sends it.
    func relayed(from node: String) -> RelayedMessage {
        switch self {
        case .message(let message): RelayedMessage(node: node, message: message)
        case .position(let event): RelayedMessage(node: node, message: .event(RelayedEvent(event)))
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
