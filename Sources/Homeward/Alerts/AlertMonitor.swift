import Foundation
import HomewardStore
import Logging

/// The clock-driven alert rules, run every `monitorIntervalSeconds` on one thread: `silent` (a
/// monitored person — one with a home zone — has sent no heartbeat for `silentAfterSeconds`; resolved
/// when they are heard again), the zones' "there by" deadlines, which must fire even when no
/// sample arrives, and the end of `unaccompanied` alerts once a guardian's phone is near the person.
///
public final class AlertMonitor: Sendable {
    private let database: any DatabaseWriter
    private let alerts: AlertCenter
    private let zones: ZoneObserver
    private let presence: Presence
    private let events: EventBus
    private let clock: any WallClock
    private let configuration: AppConfiguration
    private let logger: Logger
    private let loop = BackgroundLoop(name: "alert-checks")

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
        loop.start { [self] in
            do {
                try runChecks()
            } catch {
                logger.error("alert checks failed", metadata: ["error": "\(error)"])
            }
            return Double(configuration.monitorIntervalSeconds)
        }
    }

    /// Stops the thread, waiting for a check in progress.
    public func stop() { loop.stop() }

    /// Runs every check once, now, on the calling thread; returns the events it published.
    @discardableResult
    public func runChecks() throws -> [AppEvent] {
        let store = ZoneStore()
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
            return published + (try zones.checkClocks(at: now, in: db)) + (try zones.resolveAccompanied(at: now, in: db))
        }
        for event in published { events.publish(event) }
        return published
    }
}
