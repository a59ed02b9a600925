import HomewardGeo
import HomewardStore

/// `silent`: a monitored person's phone (one with a home zone or an active trip) has not been heard
/// for longer than its learned rhythm allows (`ReportingObserver`: unheard for longer than it usually
/// stays quiet, at least `silent-after-seconds`, or past its battery's estimated end). As a clock
/// rule it asks the reporting observer about each monitored person on the alert monitor's clock; the
/// person's next fix resolves it (as a fix rule, the first to run).
public struct SilentRule: FixAlertRule, ClockAlertRule {
    public static let type = AlertType.silent
    public static let title = "Phone silent"
    public static let icon = "zzz"

    private let presence: Presence
    private let reporting: ReportingObserver

    public init(_ configuration: AppConfiguration, services: AlertRuleServices) {
        presence = services.presence
        reporting = services.reporting
    }

    /// A fix is a sign of life: the silence is over.
    public func judge(_ fixes: [ObservedFix], of account: AccountKey, with alerts: AlertRuleContext) throws {
        guard let last = fixes.last else { return }
        try alerts.resolve(cause: AlertCause.silent, for: account, at: last.time)
    }

    /// Assesses each monitored person's phone at `now`, last heard at their newest request or stored
    /// sign of life (rhythms are rebuilt from history, when not in memory, here on the reader); the
    /// step raises `silent` for each silent phone and resolves it for the others.
    public func check(at now: Timestamp, reading db: Database) throws -> ClockAlertStep {
        let monitored = try ZoneStore(db: db).monitoredAccounts().compactMap { person -> (AccountKey, AlertAction)? in
            guard let heard = [presence.lastSeen(person.account), person.lastSeen].compactMap({ $0 }).max() else { return nil }
            let assessment = try reporting.assessment(of: person.account, heardAt: heard, at: now, in: db)
            return (person.account, Self.action(for: assessment))
        }
        return { alerts in
            for (account, action) in monitored { try alerts.apply(action, for: account, at: now) }
        }
    }

    /// What the reporting observer's `assessment` of a monitored person's phone asks of the alerts.
    static func action(for assessment: ReportingAssessment) -> AlertAction {
        guard assessment.state == .silent else { return .resolve(cause: AlertCause.silent) }
        return .raise(AlertRequest(type: .silent, cause: AlertCause.silent, message: message(assessment)))
    }

    /// What a `silent` alert says: how long, how that compares with the phone's habit, and the
    /// battery when it most likely ran out.
    static func message(_ assessment: ReportingAssessment) -> String {
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

extension AlertType {
    /// No heartbeat for too long.
    public static let silent = AlertType(declaring: "silent")
}

extension AlertCause {
    /// No heartbeat for too long.
    public static let silent = "silent"
}
