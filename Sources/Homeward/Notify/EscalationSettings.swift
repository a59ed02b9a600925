import HomewardHTTP

/// How a person's unanswered alerts escalate: after how many minutes an alert of a type that
/// escalates (its rule's `AlertRule.escalation`: SOS, a countdown's danger, left_zone) that nobody
/// acknowledged is sent again, and to whom next. Each escalation tells
/// every guardian already told once more, plus the next guardian in the person's order; guardians
/// the person has not placed in the order (and a trip's companions) are told from the start.
public struct EscalationSettings: Sendable, Codable, Equatable {
    /// The alert types that escalate, in the rules' order, with their defaults.
    static let escalating: [(type: AlertType, defaults: AlertEscalation)] = AlertRules.all.compactMap { rule in
        rule.escalation.map { (rule.type, $0) }
    }
    /// The alert types that escalate.
    public static let escalatingTypes: [AlertType] = escalating.map(\.type)
    /// Minutes before the first escalation (and between escalations) when the person has not chosen.
    public static let defaultMinutes: [AlertType: Int] = Dictionary(uniqueKeysWithValues: escalating.map { ($0.type, $0.defaults.minutes) })
    /// The names of the escalating types as a sentence says them: "sos, danger and left_zone".
    private static let escalatingNames: String = {
        let names = escalatingTypes.map(\.rawValue)
        return names.count > 1 ? names.dropLast().joined(separator: ", ") + " and " + names[names.count - 1] : names.joined()
    }()
    /// The shortest and longest delay a person may choose.
    public static let minutesRange = 1...60

    /// Minutes per escalating type, `{"sos": 3, "danger": 3, "left_zone": 10}`; a left_zone of null
    /// does not escalate (an SOS and a danger always do).
    public var minutes: [String: Int?]

    /// The defaults.
    public static var defaults: EscalationSettings {
        EscalationSettings(minutes: Dictionary(uniqueKeysWithValues: defaultMinutes.map { ($0.key.rawValue, Optional($0.value)) }))
    }

    /// The delay for `type`, nil when it does not escalate.
    public func minutes(for type: AlertType) -> Int? {
        guard Self.escalatingTypes.contains(type) else { return nil }
        if let chosen = minutes[type.rawValue] { return chosen }
        return Self.defaultMinutes[type]
    }

    /// Checks the minutes; 400 naming the entry at fault.
    public func validate() throws(HTTPError) {
        for (name, value) in minutes {
            guard let type = AlertType(rawValue: name), Self.escalatingTypes.contains(type) else {
                throw .invalidRequest("minutes may name \(Self.escalatingNames) only.", field: "minutes.\(name)")
            }
            guard let value else {
                guard type.rule?.escalation?.mayBeTurnedOff == true else {
                    throw .invalidRequest("An \(name) alert always escalates: give it minutes.", field: "minutes.\(name)")
                }
                continue
            }
            guard Self.minutesRange.contains(value) else {
                throw .invalidRequest(
                    "minutes.\(name) must be \(Self.minutesRange.lowerBound) to \(Self.minutesRange.upperBound).", field: "minutes.\(name)")
            }
        }
    }

    /// Every escalating type with its delay (null: off), defaults filled in.
    public var resolved: EscalationSettings {
        EscalationSettings(minutes: Dictionary(uniqueKeysWithValues: Self.escalatingTypes.map { ($0.rawValue, minutes(for: $0)) }))
    }
}

/// The body of PUT /v1/me/escalation: `{order: [guardian id, ...], minutes?: {...}}`.
public struct EscalationRequest: Sendable, Decodable {
    /// The person's guardians in the order they are told; an empty list tells everyone at once.
    public var order: [String]
    /// Delays per type; absent keeps the current ones.
    public var minutes: [String: Int?]?

    /// Longest order.
    public static let maxOrderCount = 50
}

/// `{order: [{id, name}], minutes: {...}, maxSteps}`: how the caller's unanswered alerts escalate.
public struct EscalationResource: Sendable, Codable, Equatable {
    /// The guardians in the order they are told; the person's other guardians are told at once.
    public var order: [AlertResource.AccountSummary]
    /// Minutes per escalating type (null: off).
    public var minutes: [String: Int?]
    /// Escalations at most per alert (`--escalation-max-steps`).
    public var maxSteps: Int
}
