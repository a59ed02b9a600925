import Foundation
import Synchronization
import HomewardStore
import Logging

/// Fires pending countdowns at their `firesAt` on one thread: deadlines are kept sorted and the
/// thread (a `BackgroundLoop`) sleeps on its condition variable until the earliest one, or until a
/// new deadline wakes it, rather than polling. Pending countdowns live in the database, so `start()` re-arms them
/// after a restart; one that expired while the server was down fires at once, marked late.

public final class CountdownScheduler: Sendable {
    /// A countdown fired more than this after its `firesAt` is marked late.
    public static let lateToleranceMilliseconds: Int64 = 1_000
    /// The thread re-reads the clock at least this often, in case the wall clock jumped.
    public static let maxSleepSeconds = 60.0
    /// On PostgreSQL, every node reads the pending countdowns again this often (seconds), so a
    /// countdown started through another node is armed here too and fires if that node stops: 5.
    public static let clusterResyncSeconds = 5.0

    private let database: any DatabaseWriter
    private let alerts: AlertCenter
    private let events: EventBus
    private let clock: any WallClock
    private let logger: Logger
    private let deadlines = Mutex<[(firesAt: Int64, key: Int64)]>([])
    private let loop = BackgroundLoop(name: "countdowns")

    /// How often the pending countdowns are read again from the database, when other nodes create
    /// them too (PostgreSQL): nil when this node creates every countdown (SQLite).
    private let resyncSeconds: Double?
    /// When the pending countdowns were last read, in milliseconds.
    private let lastResync = Mutex<Int64>(0)

    /// Creates a stopped scheduler. With `resyncSeconds`, it also arms the countdowns that other
    /// nodes created, reading them again that often; each countdown fires once whichever nodes
    /// armed it, since firing changes a pending alert only.
    public init(
        database: any DatabaseWriter, alerts: AlertCenter, events: EventBus, clock: any WallClock, logger: Logger,
        resyncSeconds: Double? = nil
    ) {
        self.database = database
        self.alerts = alerts
        self.events = events
        self.clock = clock
        self.logger = logger
        self.resyncSeconds = resyncSeconds
    }

    /// Loads every pending countdown from the database and starts the thread; countdowns already
    /// past their time fire first.
    public func start() throws {
        try armPending()
        loop.start { [self] in firePass() }
    }

    /// Arms every pending countdown in the database that is not armed yet.
    private func armPending() throws {
        let pending = try database.read { db in try AlertStore(db: db).pendingCountdowns() }
        lastResync.withLock { $0 = clock.now().unixMilliseconds }
        let armed = deadlines.withLock { Set($0.map(\.key)) }
        for deadline in pending where !armed.contains(deadline.key) { insert(deadline) }
    }

    /// Schedules the countdown with internal `key` to fire at `firesAt`.
    public func arm(key: Int64, at firesAt: Timestamp) {
        insert((firesAt: firesAt.unixMilliseconds, key: key))
        loop.wake()
    }

    /// Wakes the thread and waits until it has looked at the clock and fired what was due; for tests
    /// driven by a manual clock.
    public func fireDue() {
        loop.runPassAndWait()
    }

    /// Countdowns armed and not yet fired.
    public var armedCount: Int {
        deadlines.withLock { $0.count }
    }

    /// Stops the thread and waits for it to finish the countdown it may be firing.
    public func stop() {
        loop.stop()
    }

    private func firePass() -> Double {
        if let resyncSeconds, clock.now().unixMilliseconds - lastResync.withLock({ $0 }) >= Int64(resyncSeconds * 1000) {
            do {
                try armPending()
            } catch {
                logger.error("pending countdowns could not be read again", metadata: ["error": "\(error)"])
            }
        }
        let now = clock.now().unixMilliseconds
        let due = deadlines.withLock { deadlines in
            let count = deadlines.prefix { $0.firesAt <= now }.count
            defer { deadlines.removeFirst(count) }
            return Array(deadlines.prefix(count))
        }
        for deadline in due { fire(deadline, now: now) }
        let next = deadlines.withLock { $0.first?.firesAt }
        let later = clock.now().unixMilliseconds
        let longest = min(Self.maxSleepSeconds, resyncSeconds ?? Self.maxSleepSeconds)
        return next.map { min(Double($0 - later) / 1000, longest) } ?? longest
    }

    private func fire(_ deadline: (firesAt: Int64, key: Int64), now: Int64) {
        do {
            let late = now - deadline.firesAt > Self.lateToleranceMilliseconds
            let fired = try database.write { db in
                try alerts.fire(key: deadline.key, at: Timestamp(unixMilliseconds: now), late: late, in: db)
            }
            if let fired { events.publish(fired.event) }
        } catch {
            logger.error("countdown did not fire", metadata: ["alert-key": "\(deadline.key)", "error": "\(error)"])
        }
    }

    private func insert(_ deadline: (firesAt: Int64, key: Int64)) {
        deadlines.withLock { deadlines in
            let index = deadlines.firstIndex { $0.firesAt > deadline.firesAt } ?? deadlines.endIndex
            deadlines.insert(deadline, at: index)
        }
    }
}
