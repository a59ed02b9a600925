import HomewardStore

/// `low_battery`: a fix reports the phone's charge below `low-battery-percent`; raised once per
/// discharge, resolved once the charge is back `low-battery-recovery-percent` above that level.
public struct LowBatteryRule: FixAlertRule {
    public static let type = AlertType.lowBattery
    public static let title = "Low battery"
    public static let icon = "battery"

    /// Battery charge below which the alert is raised.
    static let percent = PluginSetting("low-battery-percent", default: 15.0, help: "Battery percent below which low_battery is raised")
    /// How far above `percent` the charge must climb before the alert is resolved.
    static let recoveryPercent = PluginSetting(
        "low-battery-recovery-percent", default: 10.0, help: "Percent above the low-battery level at which low_battery is resolved")
    public static var settings: [ServerSetting] { [percent.declaration, recoveryPercent.declaration] }

    private let lowPercent: Double
    private let recoveredPercent: Double

    public init(_ configuration: AppConfiguration, services: AlertRuleServices) {
        lowPercent = Self.percent.value(in: configuration)
        recoveredPercent = lowPercent + Self.recoveryPercent.value(in: configuration)
    }

    public func judge(_ fixes: [ObservedFix], of account: AccountKey, with alerts: AlertRuleContext) throws {
        // After a raise an alert of the cause is active, after a resolve none is, and nothing else
        // writes alerts inside this write block: a fix on the same side as the one before changes
        // nothing, so only the first of each run is looked up.
        var lastSideIsLow: Bool?
        for fix in fixes {
            guard let battery = fix.batteryPercent else { continue }
            if battery < lowPercent {
                guard lastSideIsLow != true else { continue }
                lastSideIsLow = true
                let request = AlertRequest(
                    type: Self.type, cause: AlertCause.lowBattery, message: "Battery at \(Int(battery.rounded())) %.",
                    location: AlertResource.Location(lat: fix.lat, lon: fix.lon, accuracy: fix.accuracyMetres))
                try alerts.raise(request, for: account, at: fix.time)
            } else if battery >= recoveredPercent {
                guard lastSideIsLow != false else { continue }
                lastSideIsLow = false
                try alerts.resolve(cause: AlertCause.lowBattery, for: account, at: fix.time)
            }
        }
    }
}

extension AlertType {
    /// The phone's battery is low.
    public static let lowBattery = AlertType(declaring: "low_battery")
}

extension AlertCause {
    /// The battery is low in the current discharge.
    public static let lowBattery = "low_battery"
}
