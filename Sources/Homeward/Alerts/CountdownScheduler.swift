import Foundation
import HomewardStore
import Logging

/// Fires pending countdowns at their `firesAt` on one thread: deadlines are kept sorted and the
/// thread sleeps on a condition variable until the earliest one (or until woken by a new, earlier
/// deadline), rather than polling. Pending countdowns live in the database, so `start()` re-arms them
/// after a restart; one that expired while the server was down fires at once, marked late.
///
/// `@unchecked Sendable`: every stored variable is read and written only with `condition` locked.
public final class CountdownScheduler: @unchecked Sendable {
    /// A countdown fired more than this after its `firesAt` is marked late.
    public static let lateToleranceMilliseconds: Int64 = 1_000
    /// The thread re-reads the clock at least this often, in case the wall clock jumped.
    public static let maxSleepSeconds = 60.0

    private let database: any DatabaseWriter
    private let alerts: AlertCenter
    private let events: EventBus
    private let clock: any WallClock
    private let logger: Logger
    private let condition = NSCondition()
    private var deadlines: [(firesAt: Int64, key: Int64)] = []
    private var isRunning = false
    private var isStopping = false
    private var hasExited = false
    private var passes = 0

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
        let pending: [(firesAt: Int64, key: Int64)] = try database.read { db in
            try db.fetchAll("SELECT fires_at_ms, key FROM alerts WHERE status = 'pending' AND fires_at_ms IS NOT NULL") { row in
                (firesAt: try row.value(at: 0), key: try row.value(at: 1))
            }
        }
        condition.lock()
        defer { condition.unlock() }
        guard !isRunning else { return }
        isRunning = true
        for deadline in pending { insert(deadline) }
        Thread { [self] in run() }.start()
    }

    /// Schedules the countdown with internal `key` to fire at `firesAt`.
    public func arm(key: Int64, at firesAt: Timestamp) {
        condition.lock()
        insert((firesAt: firesAt.unixMilliseconds, key: key))
        condition.broadcast()
        condition.unlock()
    }

    /// Makes the thread re-read the clock now (tests that move a manual clock call this).
    public func wake() {
        condition.lock()
        condition.broadcast()
        condition.unlock()
    }

    /// Wakes the thread and waits until it has looked at the clock and fired what was due; for tests
    /// driven by a manual clock.
    public func fireDue() {
        condition.lock()
        let target = passes + 1
        condition.broadcast()
        while isRunning && !hasExited && passes < target { condition.wait() }
        condition.unlock()
    }

    /// Countdowns armed and not yet fired.
    public var armedCount: Int {
        condition.lock()
        defer { condition.unlock() }
        return deadlines.count
    }

    /// Stops the thread and waits for it to finish the countdown it may be firing.
    public func stop() {
        condition.lock()
        isStopping = true
        condition.broadcast()
        while isRunning && !hasExited { condition.wait() }
        condition.unlock()
    }

    private func run() {
        condition.lock()
        while !isStopping {
            let now = clock.now().unixMilliseconds
            var due: [(firesAt: Int64, key: Int64)] = []
            while let first = deadlines.first, first.firesAt <= now { due.append(deadlines.removeFirst()) }
            if !due.isEmpty {
                condition.unlock()
                for deadline in due { fire(deadline, now: now) }
                condition.lock()
                continue
            }
            passes += 1
            condition.broadcast()
            let sleepSeconds = deadlines.first.map { min(Double($0.firesAt - now) / 1000, Self.maxSleepSeconds) }
                ?? Self.maxSleepSeconds
            _ = condition.wait(until: Date(timeIntervalSinceNow: sleepSeconds))
        }
        hasExited = true
        condition.broadcast()
        condition.unlock()
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
        let index = deadlines.firstIndex { $0.firesAt > deadline.firesAt } ?? deadlines.endIndex
        deadlines.insert(deadline, at: index)
    }
}
