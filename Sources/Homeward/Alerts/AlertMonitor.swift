import Foundation
import HomewardGeo
import HomewardStore
import Logging

/// The clock-driven alert rules, run every `monitorIntervalSeconds` on one thread: `silent` (what
/// `SilentRule` decides of each monitored person's `ReportingObserver` assessment), the zones'
/// "there by" deadlines, which must fire even when no sample arrives, the end of `unaccompanied`
/// alerts once a guardian's phone is near the person, and every clock rule of `AlertRules.all`
/// (`ClockAlertRule`), all in one write.
public final class AlertMonitor: Sendable {
    private let database: any DatabaseWriter
    private let alerts: AlertCenter
    private let zones: ZoneObserver
    private let reporting: ReportingObserver
    private let presence: Presence
    private let events: EventBus
    private let clock: any WallClock
    private let intervalSeconds: Int
    private let clockRules: [any ClockAlertRule]
    private let logger: Logger
    private let loop = BackgroundLoop(name: "alert-checks")

    /// Creates a stopped monitor that runs its checks and `clockRules` every `intervalSeconds`
    /// (`monitorIntervalSeconds`).
    public init(
        database: any DatabaseWriter, alerts: AlertCenter, zones: ZoneObserver, reporting: ReportingObserver,
        presence: Presence, events: EventBus, clock: any WallClock, intervalSeconds: Int,
        clockRules: [any ClockAlertRule] = [], logger: Logger
    ) {
        self.clockRules = clockRules
        self.database = database
        self.alerts = alerts
        self.zones = zones
        self.reporting = reporting
        self.presence = presence
        self.events = events
        self.clock = clock
        self.intervalSeconds = intervalSeconds
        self.logger = logger
    }

    /// Starts the thread; the first checks run at once.
    public func start() {
        loop.start { [self] in
            do {
                try runChecks()
            } catch {
                logger.error("alert checks failed", metadata: ["error": "\(error)"])
            }
            return Double(intervalSeconds)
        }
    }

    /// Stops the thread, waiting for a check in progress.
    public func stop() { loop.stop() }

    /// Runs every check once, now, on the calling thread; returns the events it published.
    @discardableResult
    public func runChecks() throws -> [AppEvent] {
        let now = clock.now()
        // Rhythms are rebuilt (from history, when not in memory) on a reader, not in the write.
        let monitored = try database.read { db in
            try ZoneStore(db: db).monitoredAccounts().compactMap { person -> (account: AccountKey, assessment: ReportingAssessment)? in
                let heard = [presence.lastSeen(person.account), person.lastSeen].compactMap { $0 }.max()
                guard let heard else { return nil }
                return (person.account, try reporting.assessment(of: person.account, heardAt: heard, at: now, in: db))
            }
        }
        let published = try database.write { db -> [AppEvent] in
            let silence = AlertRuleContext(center: alerts, db: db)
            for person in monitored {
                switch SilentRule.action(for: person.assessment) {
                case .raise(let request): try silence.raise(request, for: person.account, at: now)
                case .resolve(let cause): try silence.resolve(cause: cause, for: person.account, at: now)
                }
            }
            let rules = AlertRuleContext(center: alerts, db: db)
            for rule in clockRules { try rule.check(at: now, with: rules) }
            return silence.events + (try zones.checkClocks(at: now, in: db)) + (try zones.resolveAccompanied(at: now, in: db))
                + rules.events
        }
        for event in published { events.publish(event) }
        return published
    }
}
