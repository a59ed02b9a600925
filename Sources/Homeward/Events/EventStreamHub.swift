import Foundation
import HomewardHTTP
import HomewardStore
import Logging

/// Serves every open `GET /v1/events` stream without a thread per stream: a stream is a registered
/// `HTTPBodyWriter` that events are pushed to with the non-blocking `send` (a client too slow to keep
/// up is disconnected), and one hub thread writes the heartbeat comments and re-checks, every
/// heartbeat, that each stream's session is still valid and what its caller may still receive.
///
/// Access is decided at delivery: every event sent and every event replayed is checked against the
/// viewer's `LiveGrants`. Taking access back never waits for a heartbeat: a removed link, an ended
/// trip, ended sessions and a deleted account change the grants of the open streams at once
/// (`LiveAccess`), from the commit of the write that took it back, so nothing committed after it
/// reaches the viewer; a refresh read from the database before such a change is not applied.
///
/// Replay: events get increasing ids (starting from the hub's start time in milliseconds, so ids keep
/// growing across restarts) and the latest `eventBufferCapacity` of them, no older than
/// `eventRetentionSeconds`, stay in memory. A client reconnecting with `Last-Event-ID` inside that
/// window gets exactly what it missed; one whose id is older (or from before a restart) gets every
/// active alert of the people it watches from the alerts table instead.
///
/// `@unchecked Sendable`: streams and buffer are touched only with `lock` held (recursive, because a
/// writer that overflows calls its close callback, which detaches, from inside `send`); the
/// heartbeat thread is a `BackgroundLoop`.
public final class EventStreamHub: @unchecked Sendable {
    private struct Stream {
        let caller: Caller
        var grants: LiveGrants
        let writer: HTTPBodyWriter
    }

    /// An event kept for replay: its SSE frame once some stream needed it, otherwise the event, to
    /// be rendered if a reconnecting stream asks for it.
    private struct BufferedEvent {
        let id: UInt64
        let timeMilliseconds: Int64
        let event: AppEvent
        let renderedFrame: [UInt8]?

        var subject: AccountKey { event.subject }
        var frame: [UInt8] { renderedFrame ?? EventStreamHub.frame(id: id, kind: event.kind, payload: event.payload) }
    }

    private let database: any DatabaseReader
    private let accessPolicy: AccessPolicy
    private let clock: any WallClock
    private let limits: EventStreamLimits
    private let logger: Logger
    private let lock = NSRecursiveLock()
    private var streams: [Int: Stream] = [:]
    private var nextStreamID = 0
    private var buffer: [BufferedEvent] = []
    private var bufferStart = 0
    private var nextEventID: UInt64
    /// Bumped by every change that takes access back; a refresh that began before one is stale.
    private var revocationCount: UInt64 = 0
    private let loop = BackgroundLoop(name: "event-heartbeats")
    /// The other nodes' positions, on a shared database (guarded by `lock`).
    private var otherNodesPositions: (any OtherNodesPositions)?

    /// Creates a hub held to `limits`; call `start()` for heartbeats.
    public init(
        database: any DatabaseReader, accessPolicy: AccessPolicy, clock: any WallClock, limits: EventStreamLimits, logger: Logger
    ) {
        self.database = database
        self.accessPolicy = accessPolicy
        self.clock = clock
        self.limits = limits
        self.logger = logger
        nextEventID = UInt64(max(1, clock.now().unixMilliseconds))
    }

    /// Open streams.
    public var openStreamCount: Int {
        lock.withLock { streams.count }
    }

    /// The id of the latest event, or nil before the first.
    public var latestEventID: UInt64? {
        lock.withLock { buffer.count > bufferStart ? buffer[buffer.count - 1].id : nil }
    }

    /// How many streams `account` has open.
    public func openStreamCount(of account: AccountKey) -> Int {
        lock.withLock { streams.values.count { $0.caller.accountKey == account } }
    }

    /// Makes the streams hear the positions of the other nodes behind `positions` (on PostgreSQL).
    func hearOtherNodes(through positions: any OtherNodesPositions) {
        lock.withLock { otherNodesPositions = positions }
    }

    /// How long the other nodes' positions are wanted after a stream opened or was seen open: the
    /// replay window and two heartbeats, so that a client reconnecting within the window is
    /// replayed every position it missed.
    private var positionsWantedSeconds: Double {
        Double(limits.retentionSeconds + 2 * limits.heartbeatSeconds)
    }

    /// On a shared database, makes this node hear the other nodes' positions for the next
    /// `positionsWantedSeconds`, and returns once it does: called before a stream opens (so that
    /// every position committed after it reaches the stream) and at each heartbeat while streams are
    /// open.
    func hearOtherNodesPositions() {
        let positions = lock.withLock { otherNodesPositions }
        positions?.wantPositions(forSeconds: positionsWantedSeconds)
    }

    /// What `caller` may receive live now, as the streams' checks use it.
    public func grants(of caller: Caller, in db: Database) throws -> LiveGrants {
        let now = clock.now()
        return try accessPolicy.liveGrants(
            of: caller, endedWithin: Int64(limits.retentionSeconds) * Timestamp.millisecondsPerSecond, at: now,
            in: db)
    }

    /// Registers `writer` as the stream of `caller`, who may receive what `grants` allow; replays
    /// what a client that last saw `lastEventID` missed, then returns (the stream stays open). A
    /// caller who has `maxEventStreamsPerAccount` streams open already gets a closed stream.
    public func attach(_ writer: HTTPBodyWriter, caller: Caller, grants: LiveGrants, after lastEventID: UInt64?) {
        var activeAlerts: [(alert: AlertResource, account: AccountKey)] = []
        if lastEventID != nil {
            do {
                activeAlerts = try database.read { db in try AlertStore(db: db).activeAlerts(of: Array(grants.subjects)) }
            } catch {
                logger.error("event replay failed", metadata: ["error": "\(error)"])
            }
        }
        lock.withLock {
            guard streams.values.count(where: { $0.caller.accountKey == caller.accountKey }) < limits.maxStreamsPerAccount else {
                writer.finish()
                return
            }
            _ = writer.send(Array("retry: 3000\n: connected\n\n".utf8))
            if let lastEventID {
                let oldest = buffer.count > bufferStart ? buffer[bufferStart].id : nextEventID
                if lastEventID + 1 >= oldest && lastEventID < nextEventID {
                    for event in buffer[bufferStart...] where event.id > lastEventID
                        && (grants.admits(event.event, at: Timestamp(unixMilliseconds: event.timeMilliseconds))
                            || Self.isOwnImport(event.event, of: caller)) {
                        _ = writer.send(event.frame)
                    }
                } else {
                    let id = nextEventID - 1
                    for (alert, account) in activeAlerts
                    where grants.admits(.alert, about: account, alertType: alert.type, tripID: alert.tripId, at: alert.createdAt) {
                        let event = AlertCenter.event(for: alert, subject: account)
                        _ = writer.send(Self.frame(id: id, kind: event.kind, payload: event.payload))
                    }
                }
            }
            let streamID = nextStreamID
            nextStreamID += 1
            streams[streamID] = Stream(caller: caller, grants: grants, writer: writer)
            writer.onClose { [weak self] in self?.detach(streamID) }
        }
    }

    /// Numbers `event`, keeps it for replay and pushes it to every stream whose viewer may receive
    /// it. The payload is rendered once if a stream takes it, and otherwise only if a replay asks.
    public func publish(_ event: AppEvent) {
        let now = clock.now()
        lock.withLock {
            let id = nextEventID
            nextEventID += 1
            var frame: [UInt8]?
            for stream in streams.values where stream.grants.admits(event, at: now) || Self.isOwnImport(event, of: stream.caller) {
                let rendered = frame ?? Self.frame(id: id, kind: event.kind, payload: event.payload)
                frame = rendered
                _ = stream.writer.send(rendered)
            }
            buffer.append(BufferedEvent(id: id, timeMilliseconds: now.unixMilliseconds, event: event, renderedFrame: frame))
            prune(now: now.unixMilliseconds)
        }
    }

    /// Whether `event` is the progress of an import of the viewer's own history (their own stream
    /// hears of it as their guardians' do).
    private static func isOwnImport(_ event: AppEvent, of viewer: Caller) -> Bool {
        event.kind == .import && event.subject == viewer.accountKey
    }

    /// Sends a heartbeat comment on every stream, then closes streams whose session ended and reads
    /// each viewer's grants again (what they gained: a new link, a joined trip). A refresh during
    /// which access was taken back is not applied, and runs again at once.
    public func heartbeat() {
        let (snapshot, revocationsBefore): ([(id: Int, caller: Caller)], UInt64) = lock.withLock {
            for stream in streams.values { _ = stream.writer.send(Array(": heartbeat\n\n".utf8)) }
            prune(now: clock.now().unixMilliseconds)
            return (streams.map { (id: $0.key, caller: $0.value.caller) }, revocationCount)
        }
        guard !snapshot.isEmpty else { return }
        // Open streams keep the other nodes' positions coming.
        hearOtherNodesPositions()
        let now = clock.now().unixMilliseconds
        let refreshed: [Int: LiveGrants?]
        do {
            refreshed = try database.read { db in
                var result: [Int: LiveGrants?] = [:]
                for (id, caller) in snapshot {
                    let valid = try caller.sessionID.map { session in try AccountStore(db: db).isSessionLive(session, at: now) } ?? true
                    result[id] = valid ? try grants(of: caller, in: db) : .some(nil)
                }
                return result
            }
        } catch {
            logger.error("event stream refresh failed", metadata: ["error": "\(error)"])
            return
        }
        let isStale = lock.withLock {
            let isStale = revocationCount != revocationsBefore
            for (id, grants) in refreshed {
                guard let stream = streams[id] else { continue }
                if let grants {
                    if !isStale { streams[id]?.grants = grants }
                } else {
                    streams[id] = nil
                    stream.writer.finish()
                }
            }
            return isStale
        }
        if isStale { loop.wake() }
    }

    /// Changes the grants of every open stream with `change` and closes those `closing` picks, as
    /// one step that a concurrent refresh cannot undo.
    private func revoke(closing: (Stream) -> Bool = { _ in false }, _ change: (inout LiveGrants) -> Void) {
        let closed: [Stream] = lock.withLock {
            revocationCount += 1
            var closed: [Stream] = []
            for (id, stream) in streams {
                if closing(stream) {
                    streams[id] = nil
                    closed.append(stream)
                } else {
                    change(&streams[id]!.grants)
                }
            }
            return closed
        }
        for stream in closed { stream.writer.finish() }
    }

    /// Starts the heartbeat thread.
    public func start() {
        loop.start { [self] in
            heartbeat()
            return Double(limits.heartbeatSeconds)
        }
    }

    /// Stops the heartbeat thread and ends every stream.
    public func stop() {
        loop.stop()
        let open = lock.withLock {
            defer { streams = [:] }
            return Array(streams.values)
        }
        for stream in open { stream.writer.finish() }
    }

    private func detach(_ streamID: Int) {
        lock.withLock { _ = streams.removeValue(forKey: streamID) }
    }

    private func prune(now: Int64) {
        let oldestKept = now - Int64(limits.retentionSeconds) * Timestamp.millisecondsPerSecond
        while bufferStart < buffer.count,
              buffer.count - bufferStart > limits.bufferCapacity || buffer[bufferStart].timeMilliseconds < oldestKept {
            bufferStart += 1
        }
        if bufferStart > 1024 && bufferStart * 2 > buffer.count {
            buffer.removeFirst(bufferStart)
            bufferStart = 0
        }
    }

    fileprivate static func frame(id: UInt64, kind: AppEvent.Kind, payload: [UInt8]) -> [UInt8] {
        var frame: [UInt8] = []
        frame.reserveCapacity(payload.count + 48)
        frame.append(contentsOf: "id: ".utf8)
        JSONBuilder.appendInteger(Int64(truncatingIfNeeded: id), to: &frame)
        frame.append(contentsOf: "\nevent: ".utf8)
        frame.append(contentsOf: kind.rawValue.utf8)
        frame.append(contentsOf: "\ndata: ".utf8)
        frame.append(contentsOf: payload)
        frame.append(contentsOf: "\n\n".utf8)
        return frame
    }
}

extension EventStreamHub: LiveAccess {
    public func guardianshipEnded(of person: AccountKey, by guardian: AccountKey) {
        revoke { grants in grants.guarded.remove(person) }
    }

    public func tripEnded(_ tripID: String, of traveller: AccountKey) {
        let now = clock.now()
        revoke { grants in
            guard var windows = grants.accompanied[traveller] else { return }
            for index in windows.indices where windows[index].tripID == tripID && windows[index].endedAt == nil {
                windows[index].endedAt = now
            }
            grants.accompanied[traveller] = windows
        }
    }

    public func sessionsEnded(of account: AccountKey, except kept: String?) {
        revoke(closing: { $0.caller.accountKey == account && $0.caller.sessionID != kept }) { _ in }
    }

    public func sessionEnded(_ sessionID: String) {
        revoke(closing: { $0.caller.sessionID == sessionID }) { _ in }
    }
}

extension EventStreamHub: AccountMemory {
    /// Closes the account's streams and takes it out of every other viewer's grants.
    public func forget(_ account: AccountKey) {
        revoke(closing: { $0.caller.accountKey == account }) { grants in
            grants.guarded.remove(account)
            grants.accompanied[account] = nil
        }
    }
}
