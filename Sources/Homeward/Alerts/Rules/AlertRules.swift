/// Every alert rule this server runs, in the order the API, the web app and Home Assistant list
/// the types. A new rule is its file in this folder and one line here.
public enum AlertRules {
    /// The rules.
    public static let all: [any AlertRule.Type] = [
        SOSRule.self,
        DangerRule.self,
        ArrivedRule.self,
        LeftZoneRule.self,
        EnteredZoneRule.self,
        WanderingRule.self,
        OffRouteRule.self,
        OverdueRule.self,
        StalledRule.self,
        SilentRule.self,
        LowBatteryRule.self,
        UnaccompaniedRule.self,
        ExpectedMissedRule.self,
        NewGuardianRule.self,
    ]

    private static let byName: [String: any AlertRule.Type] = Dictionary(uniqueKeysWithValues: all.map { ($0.type.rawValue, $0) })

    /// The rule whose type is called `name`.
    static func rule(named name: String) -> (any AlertRule.Type)? { byName[name] }

    /// The rules that judge fresh fixes, with their settings from `configuration`.
    static func fixRules(_ configuration: AppConfiguration, services: AlertRuleServices) -> [any FixAlertRule] {
        all.compactMap { ($0 as? any FixAlertRule.Type)?.init(configuration, services: services) }
    }

    /// The rules that decide what the zones' tracker's events raise and resolve.
    static let geoRules: [any GeoEventAlertRule.Type] = all.compactMap { $0 as? any GeoEventAlertRule.Type }

    /// The rules that look at the clock, with their settings from `configuration`.
    static func clockRules(_ configuration: AppConfiguration, services: AlertRuleServices) -> [any ClockAlertRule] {
        all.compactMap { ($0 as? any ClockAlertRule.Type)?.init(configuration, services: services) }
    }

    /// The rules' own settings, in the rules' order.
    static var settings: [ServerSetting] { all.flatMap { $0.settings } }
}
