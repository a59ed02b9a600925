import HomewardGeo

/// `silent`: a monitored person's phone (one with a home zone or an active trip) has not been heard
/// for longer than its learned rhythm allows (`ReportingObserver`: unheard for longer than it usually
/// stays quiet, at least `silent-after-seconds`, or past its battery's estimated end). The alert
/// monitor asks `action(for:)` of each monitored person on its clock; the person's next fix resolves
/// it (this rule's `judge`, the first fix rule to run).
public struct SilentRule: FixAlertRule {
    public static let type = AlertType.silent
    public static let title = "Phone silent"
    public static let icon = "zzz"

    public init(_ configuration: AppConfiguration) {}

    /// A fix is a sign of life: the silence is over.
    public func judge(_ fixes: [ObservedFix], of account: AccountKey, with alerts: AlertRuleContext) throws {
        guard let last = fixes.last else { return }
        try alerts.resolve(cause: AlertCause.silent, for: account, at: last.time)
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
