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

    private let database: any DatabaseWriter
    private let alerts: AlertCenter
    private let events: EventBus
    private let clock: any WallClock
    private let logger: Logger
    private let deadlines = Mutex<[(firesAt: Int64, key: Int64)]>([])
    private let loop = BackgroundLoop(name: "countdowns")

    /// Creates a stopped scheduler.
    public init(database: any DatabaseWriter, alerts: AlertCenter, events: EventBus, clock: any WallClock, logger: Logger) {
        self.database = database
        self.alerts = alerts
        self.events = events
        self.clock = clock
        self.logger = logger
    }

    /// Loads every pending countdown from the database and starts the thread; countdowns already
    /// past their time fire first.
    public func start() throws {
        let pending = try database.read { db in try AlertStore(db: db).pendingCountdowns() }
        for deadline in pending { insert(deadline) }
        loop.start { [self] in firePass() }
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
        let now = clock.now().unixMilliseconds
        let due = deadlines.withLock { deadlines in
            let count = deadlines.prefix { $0.firesAt <= now }.count
            defer { deadlines.removeFirst(count) }
            return Array(deadlines.prefix(count))
        }
        for deadline in due { fire(deadline, now: now) }
        let next = deadlines.withLock { $0.first?.firesAt }
        let later = clock.now().unixMilliseconds
        return next.map { min(Double($0 - later) / 1000, Self.maxSleepSeconds) } ?? Self.maxSleepSeconds
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
