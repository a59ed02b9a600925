import Foundation
import HomewardStore
import Logging

/// Escalates open alerts that nobody acknowledged in time, on one thread. The timers live in the
/// database (`alerts.escalates_at_ms`), written with the alert, so escalation survives a restart: the
/// thread sleeps until the earliest one (or until a new alert wakes it) and escalates what is due,
/// each in its own write, publishing the changed alert to streams after commit.
public final class EscalationScheduler: Sendable {
    /// Alerts escalated per write pass at most; the pass goes on until none is due.
    public static let batchSize = 64
    /// The thread re-reads the timers at least this often.
    public static let maxSleepSeconds = 60.0

    private let database: any DatabaseWriter
    private let alerts: AlertCenter
    private let events: EventBus
    private let clock: any WallClock
    private let logger: Logger
    private let loop = BackgroundLoop(name: "escalations")
    /// Keeps the thread's pass and a test's apart.
    private let passLock = NSLock()

    /// Creates a stopped scheduler.
    public init(database: any DatabaseWriter, alerts: AlertCenter, events: EventBus, clock: any WallClock, logger: Logger) {
        self.database = database
        self.alerts = alerts
        self.events = events
        self.clock = clock
        self.logger = logger
    }

    /// Starts the thread; escalations that fell due while the server was down happen at once.
    public func start() {
        loop.start { [self] in pass() }
    }

    /// Makes the thread look at the timers now (an alert was raised).
    public func wake() { loop.wake() }

    /// Escalates what is due now on the calling thread (tests move a manual clock).
    public func escalateDue() { _ = pass() }

    /// Stops the thread after the pass in progress.
    public func stop() { loop.stop() }

    private func pass() -> Double {
        passLock.lock()
        defer { passLock.unlock() }
        do {
            while true {
                let now = clock.now()
                let due = try database.read { db in try alerts.dueEscalations(at: now, limit: Self.batchSize, in: db) }
                for key in due {
                    let escalated = try database.write { db in try alerts.escalate(key: key, at: now, in: db) }
                    if let escalated {
                        events.publish(escalated.event)
                        logger.notice("alert escalated", metadata: [
                            "alert": "\(escalated.alert.id)", "step": "\(escalated.alert.escalation?.step ?? 0)"])
                    }
                }
                if due.count < Self.batchSize { break }
            }
            guard let next = try database.read({ db in try alerts.nextEscalation(in: db) }) else { return Self.maxSleepSeconds }
            let seconds = Double(next.unixMilliseconds - clock.now().unixMilliseconds) / 1000
            return min(max(seconds, 0.05), Self.maxSleepSeconds)
        } catch {
            logger.error("escalation pass failed", metadata: ["error": "\(error)"])
            return 1
        }
    }
}
