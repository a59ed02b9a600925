import Foundation
import HomewardGeo
import HomewardStore
import Logging

/// The clock-driven alert rules, run every `monitorIntervalSeconds` on one thread: `silent` (the phone
/// of a monitored person — one with a home zone or an active trip — is silent by its own learned
/// rhythm, `ReportingObserver`: unheard for longer than it usually stays quiet, at least
/// `silentAfterSeconds`, or past its battery's estimated end; resolved when they are heard again), the zones' "there by" deadlines, which must fire even when no
/// sample arrives, the end of `unaccompanied` alerts once a guardian's phone is near the person, and
/// every clock rule of `AlertRules.all` (`ClockAlertRule`), all in one write.
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
            var published: [AppEvent] = []
            for person in monitored {
                if person.assessment.state == .silent {
                    let request = AlertRequest(
                        type: .silent, cause: AlertCause.silent, message: Self.silenceMessage(person.assessment))
                    if let raised = try alerts.raise(request, for: person.account, at: now, in: db) {
                        published.append(raised.event)
                    }
                } else if let resolved = try alerts.resolve(cause: AlertCause.silent, for: person.account, at: now, in: db) {
                    published.append(resolved.event)
                }
            }
            let rules = AlertRuleContext(center: alerts, db: db)
            for rule in clockRules { try rule.check(at: now, with: rules) }
            return published + (try zones.checkClocks(at: now, in: db)) + (try zones.resolveAccompanied(at: now, in: db)) + rules.events
        }
        for event in published { events.publish(event) }
        return published
    }

    /// What a `silent` alert says: how long, how that compares with the phone's habit, and the
    /// battery when it most likely ran out.
    static func silenceMessage(_ assessment: ReportingAssessment) -> String {
        let minutes = Int(assessment.unheardSeconds / 60)
        var message = "No sign of the phone for \(minutes) minutes"
        if assessment.batteryRanOut {
            let percent = assessment.batteryPercent.map { " (last at \(Int($0.rounded())) % and falling)" } ?? ""
            message += "; its battery has most likely run out\(percent)."
        } else if let usual = assessment.usualIntervalSeconds {
            message += "; it usually reports every \(max(1, Int((usual / 60).rounded()))) minutes\(assessment.motion == .moving ? "" : " while still")."
        } else {
            message += "."
        }
        return message
    }
}
