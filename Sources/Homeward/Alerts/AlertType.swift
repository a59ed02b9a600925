/// What an alert is about (API.md "Types"): the name of the rule that raises it (`sos`, `left_zone`).
/// The set is open: each rule in `Alerts/Rules/` declares its own type, and `AlertRules.all` lists
/// the rules, so a new type needs no change here nor in the database (which keeps the name as text).
public struct AlertType: RegisteredName {
    /// The name the API and the database use, e.g. `left_zone`.
    public let rawValue: String

    /// A rule's own type, declared once in its file (`static let sos = AlertType(declaring: "sos")`).
    public init(declaring name: String) {
        rawValue = name
    }

    /// Whether a registered rule declares the type `name`.
    public static func isRegistered(_ name: String) -> Bool { AlertRules.rule(named: name) != nil }

    /// Every type, in the order of `AlertRules.all` (the API's and the web app's order).
    public static var allCases: [AlertType] { AlertRules.all.map { $0.type } }

    /// The rule that raises this type.
    var rule: (any AlertRule.Type)? { AlertRules.rule(named: rawValue) }

    /// A short human title, for people and for receivers such as ntfy or Gotify (`AlertRule.title`).
    public var title: String { rule?.title ?? rawValue }

    /// Whether the alert is told to the person it is about (and acknowledged by them), not to the
    /// people who watch them (`AlertRule.isForThePerson`).
    public var isForThePerson: Bool { rule?.isForThePerson ?? false }

    /// Whether it is a call for help (`AlertRule.callsForHelp`): raised at the top priority, given the
    /// person's newest stored fix when raised without a position, and shown to a trip's companions
    /// whatever trip it belongs to.
    public var callsForHelp: Bool { rule?.callsForHelp ?? false }

    /// The types that call for help (`callsForHelp`).
    static let callsForHelpTypes: Set<AlertType> = Set(allCases.filter(\.callsForHelp))
}
