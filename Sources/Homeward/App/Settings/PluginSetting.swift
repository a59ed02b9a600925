/// A setting of a plug-in (an alert rule, a notification channel), declared in the plug-in's own
/// file: its flag, environment variable, default, check and help are one value, and it is kept (as
/// the text given) in `AppConfiguration.pluginValues`, so a plug-in's new setting needs no other
/// file. A rule lists it in its `settings` and reads it with `value(in: configuration)`; a channel
/// lists it in its `settings` and reads it with `value(in: delivery)` when it sends.
public struct PluginSetting<Value: LosslessStringConvertible & Comparable & Sendable>: Sendable {
    /// The flag without its dashes.
    public let name: String
    /// The value when none is given.
    public let defaultValue: Value
    /// What it does.
    let help: String
    /// What a value must be.
    let check: SettingCheck<Value>

    /// Declares the setting `name` (`low-battery-percent`), limited to `range` when given.
    public init(_ name: String, default defaultValue: Value, help: String, range: ClosedRange<Value>? = nil) {
        self.init(name, default: defaultValue, help: help, check: range.map { .between($0) } ?? .none)
    }

    /// Declares the setting `name`, whose values must pass `check` (`.that("must be a URL") { … }`).
    init(_ name: String, default defaultValue: Value, help: String, check: SettingCheck<Value>) {
        self.name = name
        self.defaultValue = defaultValue
        self.help = help
        self.check = check
    }

    /// Its value in `configuration`.
    public func value(in configuration: AppConfiguration) -> Value {
        value(in: configuration.pluginValues)
    }

    /// Sets it to `value` in `configuration`, as `--<name> <value>` would.
    public func set(_ value: Value, in configuration: inout AppConfiguration) {
        configuration.pluginValues[name] = value.description
    }

    /// Its value among `values` (`AppConfiguration.pluginValues`, which `ChannelDelivery` carries).
    func value(in values: [String: String]) -> Value {
        values[name].flatMap(Value.init) ?? defaultValue
    }

    /// The setting as `homeward serve` and docs/configuration.md show it.
    public var declaration: ServerSetting {
        let check = check, name = name, defaultValue = defaultValue
        return ServerSetting(
            name: name, help: check.allowed.map { "\(help); \($0)" } ?? help, shownDefault: plainNumber(defaultValue),
            takesNoValue: false,
            store: { text, configuration in
                guard Value(text) != nil else { throw SettingError.notValid }
                configuration.pluginValues[name] = text
            },
            problem: { configuration in
                check.problem(configuration.pluginValues[name].flatMap(Value.init) ?? defaultValue, configuration)
            })
    }
}
