import Foundation
import HomewardGeo
import HomewardStore
import Logging

/// The clock-driven alert checks, run every `monitorIntervalSeconds` on one thread: every clock rule
/// of `AlertRules.all` (`ClockAlertRule`, such as `silent`), the zones' "there by" deadlines, which
/// must fire even when no sample arrives, and the end of `unaccompanied` alerts once a guardian's
/// phone is near the person, all in one write.
public final class AlertMonitor: Sendable {
    private let database: any DatabaseWriter
    private let alerts: AlertCenter
    private let zones: ZoneObserver
    private let events: EventBus
    private let clock: any WallClock
    private let intervalSeconds: Int
    private let clockRules: [any ClockAlertRule]
    private let logger: Logger
    private let loop = BackgroundLoop(name: "alert-checks")

    /// Creates a stopped monitor that runs its checks and `clockRules` every `intervalSeconds`
    /// (`monitorIntervalSeconds`).
    public init(
        database: any DatabaseWriter, alerts: AlertCenter, zones: ZoneObserver, events: EventBus, clock: any WallClock,
        intervalSeconds: Int, clockRules: [any ClockAlertRule] = [], logger: Logger
    ) {
        self.clockRules = clockRules
        self.database = database
        self.alerts = alerts
        self.zones = zones
        self.events = events
        self.clock = clock
        self.intervalSeconds = intervalSeconds
        self.logger = logger
    }

    /// Starts the thread; the first checks run at once.
    public func start() {
        let interval = Double(intervalSeconds)
        loop.start(failure: "alert checks failed", logger: logger, retrySeconds: interval) { [self] in
            try runChecks()
            return interval
        }
    }

    /// Stops the thread, waiting for a check in progress.
    public func stop() { loop.stop() }

    /// Runs every check once, now, on the calling thread; returns the events it published.
    @discardableResult
    public func runChecks() throws -> [AppEvent] {
        let now = clock.now()
        // What the rules read (a rhythm rebuilt from history, say) is read on a reader, not in the write.
        let steps = try database.read { db in try clockRules.map { try $0.check(at: now, reading: db) } }
        let published = try database.write { db -> [AppEvent] in
            let rules = AlertRuleContext(center: alerts, db: db)
            for step in steps { try step(rules) }
            return rules.events + (try zones.checkClocks(at: now, in: db)) + (try zones.resolveAccompanied(at: now, in: db))
        }
        for event in published { events.publish(event) }
        return published
    }
}
