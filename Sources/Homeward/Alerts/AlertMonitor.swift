import Foundation
import HomewardStore
import Logging

/// The clock-driven alert rules, run every `monitorIntervalSeconds` on one thread: `silent` (a
/// monitored person — one with a home zone — has sent no heartbeat for `silentAfterSeconds`; resolved
/// when they are heard again) and the zones' "there by" deadlines, which must fire even when no
/// sample arrives.
///
/// `@unchecked Sendable`: the stored variables are read and written only with `condition` locked.
public final class AlertMonitor: @unchecked Sendable {
    private let database: any DatabaseWriter
    private let alerts: AlertCenter
    private let zones: ZoneObserver
    private let presence: Presence
    private let events: EventBus
    private let clock: any WallClock
    private let configuration: AppConfiguration
    private let logger: Logger
    private let store = ZoneStore()
    private let condition = NSCondition()
    private var isRunning = false
    private var isStopping = false
    private var hasExited = false

    /// Creates a stopped monitor.
    public init(
        database: any DatabaseWriter, alerts: AlertCenter, zones: ZoneObserver, presence: Presence, events: EventBus,
        clock: any WallClock, configuration: AppConfiguration, logger: Logger
    ) {
        self.database = database
        self.alerts = alerts
        self.zones = zones
        self.presence = presence
        self.events = events
        self.clock = clock
        self.configuration = configuration
        self.logger = logger
    }

    /// Starts the thread; the first checks run at once.
    public func start() {
        condition.lock()
        defer { condition.unlock() }
        guard !isRunning else { return }
        isRunning = true
        Thread { [self] in run() }.start()
    }

    /// Stops the thread, waiting for a check in progress.
    public func stop() {
        condition.lock()
        isStopping = true
        condition.broadcast()
        while isRunning && !hasExited { condition.wait() }
        condition.unlock()
    }

    /// Runs every check once, now, on the calling thread; returns the events it published.
    @discardableResult
    public func runChecks() throws -> [AppEvent] {
        let now = clock.now()
        let monitored = try database.read { db in try store.monitoredAccounts(in: db) }
        let silentAfterMilliseconds = Int64(configuration.silentAfterSeconds) * Timestamp.millisecondsPerSecond
        let published = try database.write { db -> [AppEvent] in
            var published: [AppEvent] = []
            for person in monitored {
                let heard = [presence.lastSeen(person.account), person.lastSeen].compactMap { $0 }.max()
                guard let heard else { continue }
                let silentMilliseconds = now.unixMilliseconds - heard.unixMilliseconds
                if silentMilliseconds > silentAfterMilliseconds {
                    let request = AlertRequest(
                        type: .silent, cause: AlertCause.silent,
                        message: "No sign of the phone for \(silentMilliseconds / 60_000) minutes.")
                    if let raised = try alerts.raise(request, for: person.account, at: now, in: db) {
                        published.append(raised.event)
                    }
                } else if let resolved = try alerts.resolve(cause: AlertCause.silent, for: person.account, at: now, in: db) {
                    published.append(resolved.event)
                }
            }
            return published + (try zones.checkClocks(at: now, in: db))
        }
        for event in published { events.publish(event) }
        return published
    }

    private func run() {
        condition.lock()
        while !isStopping {
            condition.unlock()
            do {
                try runChecks()
            } catch {
                logger.error("alert checks failed", metadata: ["error": "\(error)"])
            }
            condition.lock()
            guard !isStopping else { break }
            _ = condition.wait(until: Date(timeIntervalSinceNow: Double(configuration.monitorIntervalSeconds)))
        }
        hasExited = true
        condition.broadcast()
        condition.unlock()
    }
}
