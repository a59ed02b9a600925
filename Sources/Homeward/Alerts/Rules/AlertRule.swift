import HomewardGeo
import HomewardStore

/// One kind of alert, declared once in its own file in `Alerts/Rules/`: the type it raises, its
/// causes (as an `AlertCause` extension), its default wording, whether it calls for help, how it
/// escalates by default and the settings it reads. `AlertRules.all` lists the rules; a new alert
/// type is a new file here, its test, its name in schema/openapi.yaml and one line in that list.
///
/// What raises it is said by the kind of rule: a `FixAlertRule` judges each person's fresh fixes, a
/// `ClockAlertRule` looks at the clock on the alert monitor's thread, and a rule raised by a request
/// (an SOS, a countdown) or by another feature (zones, trips, links) builds its `AlertRequest` with
/// the helpers of its file and hands it to the `AlertCenter`.
public protocol AlertRule: Sendable {
    /// The type it raises, as the API and the database name it.
    static var type: AlertType { get }
    /// A short human title ("Left a safe zone"): the alert's `title` in the API, the web app's words,
    /// the headline of every channel's message.
    static var title: String { get }
    /// Whether it is a call for help (SOS, danger): top priority, the person's newest stored fix
    /// when raised without a position, and shown to a trip's companions whatever trip it is about.
    static var callsForHelp: Bool { get }
    /// Whether it is told to the person it is about rather than to their guardians.
    static var isForThePerson: Bool { get }
    /// ntfy's tag (an emoji short code) shown in front of a new alert of this type.
    static var icon: String { get }
    /// How an unanswered alert of this type escalates by default; nil: it never escalates.
    static var escalation: AlertEscalation? { get }
    /// The settings of `homeward serve` it reads (`PluginSetting.declaration`), listed with the
    /// alerts' settings in docs/configuration.md.
    static var settings: [ServerSetting] { get }
}

extension AlertRule {
    public static var callsForHelp: Bool { false }
    public static var isForThePerson: Bool { false }
    public static var icon: String { "warning" }
    public static var escalation: AlertEscalation? { nil }
    public static var settings: [ServerSetting] { [] }
}

/// How a type's unanswered alerts escalate when the person has not chosen (`EscalationSettings`).
public struct AlertEscalation: Sendable, Equatable {
    /// Minutes before the first escalation and between escalations.
    public var minutes: Int
    /// Whether the person may turn it off (a null in their minutes); an SOS always escalates.
    public var mayBeTurnedOff: Bool

    /// Creates the defaults.
    public init(minutes: Int, mayBeTurnedOff: Bool = false) {
        self.minutes = minutes
        self.mayBeTurnedOff = mayBeTurnedOff
    }
}

/// One step a rule asks of the alerts: raise one, or resolve the active alert of a cause.
public enum AlertAction: Sendable, Equatable {
    /// Raise this alert (nothing happens while one of its cause is active).
    case raise(AlertRequest)
    /// Resolve the active alert of this cause, if any.
    case resolve(cause: String)
}

/// A rule raised by the zones' tracker: it decides what each of the tracker's events asks of the
/// alerts (`GeoAlertRule` asks every such rule of `AlertRules.all`, event by event, so the live
/// observer and `homeward replay` raise the same alerts with the same words).
public protocol GeoEventAlertRule: AlertRule {
    /// What `event`, one of `moment`'s, asks of the alerts; nothing for an event of another rule.
    static func actions(for event: GeoEvent, at moment: GeoAlertMoment) -> [AlertAction]
}

/// What the tracker raised at one fix (or clock reading): all its events, where, and the person's
/// zones by id.
public struct GeoAlertMoment: Sendable {
    /// Every event of the moment, in order.
    public var events: [GeoEvent]
    /// Where the person was, when known.
    public var location: AlertResource.Location?
    /// The person's zones by id.
    public var zones: [String: ZoneResource]
}

/// A rule the server runs itself (a `FixAlertRule`, a `ClockAlertRule`), made once at start with
/// its settings and the shared services it reads.
public protocol RunAlertRule: AlertRule {
    /// The rule with the settings `configuration` gives it (`PluginSetting.value(in:)`) and what it
    /// reads of `services`.
    init(_ configuration: AppConfiguration, services: AlertRuleServices)
}

/// What the server keeps in memory that a rule may read: the heartbeats of accounts and each phone's
/// reporting rhythm.
public struct AlertRuleServices: Sendable {
    /// When each account was last heard from (any authenticated request).
    public let presence: Presence
    /// How often each person's phone reports, and whether it has fallen silent.
    public let reporting: ReportingObserver
}

/// A rule that judges each person's fresh fixes, inside the write that stores them (in the order of
/// `AlertRules.all`, `SilentRule` first, before the zones' tracker looks at them).
public protocol FixAlertRule: RunAlertRule {
    /// Judges `fixes` of `account` (one upload, oldest first), raising and resolving through `alerts`.
    func judge(_ fixes: [ObservedFix], of account: AccountKey, with alerts: AlertRuleContext) throws
}

/// A rule that looks at the clock: run every `monitor-interval-seconds` by the alert monitor. Each
/// time, every clock rule first reads what it needs on a reader (`check(at:reading:)`, where a slow
/// read such as a rhythm rebuilt from history keeps no writer waiting), then all of them raise and
/// resolve in one write (the `ClockAlertStep`s they returned, in the order of `AlertRules.all`).
public protocol ClockAlertRule: RunAlertRule {
    /// What the rule asks at the time `now`, read through `db` (a reader): the step the monitor then
    /// runs inside its write.
    func check(at now: Timestamp, reading db: Database) throws -> ClockAlertStep
}

/// What a clock rule does inside the alert monitor's write, with what it read before it.
public typealias ClockAlertStep = (AlertRuleContext) throws -> Void

/// What a fix or clock rule may do inside the write that runs it: read the database and raise or
/// resolve alerts; the events of what it changed are published once the write has committed.
public final class AlertRuleContext {
    /// The write's connection.
    public let db: Database
    private let center: AlertCenter
    /// The events of the alerts raised and resolved so far.
    public private(set) var events: [AppEvent] = []

    init(center: AlertCenter, db: Database) {
        self.center = center
        self.db = db
    }

    /// Raises `request` for `account` at `time` unless an alert of its cause is active; true when raised.
    @discardableResult
    public func raise(_ request: AlertRequest, for account: AccountKey, at time: Timestamp) throws -> Bool {
        guard let raised = try center.raise(request, for: account, at: time, in: db) else { return false }
        events.append(raised.event)
        return true
    }

    /// Does `action` for `account` at `time` (a raise is skipped while an alert of its cause is active).
    public func apply(_ action: AlertAction, for account: AccountKey, at time: Timestamp) throws {
        guard let changed = try center.apply(action, for: account, at: time, in: db) else { return }
        events.append(changed.event)
    }

    /// Resolves the active alert of `cause` for `account`, if any; true when one was.
    @discardableResult
    public func resolve(cause: String, for account: AccountKey, at time: Timestamp) throws -> Bool {
        guard let resolved = try center.resolve(cause: cause, for: account, at: time, in: db) else { return false }
        events.append(resolved.event)
        return true
    }
}
