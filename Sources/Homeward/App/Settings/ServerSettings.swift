/// Every setting of `homeward serve`, in the sections of docs/configuration.md. A new setting is
/// one `ServerSetting` in its section's list (and the field it is stored in); the flag, the
/// environment variable, the check, `serve --help` and the docs' table follow from it.
public enum ServerSettings {
    /// The sections in the order the docs and the help show them.
    public static let sections: [SettingSection] = [
        SettingSection(id: "server", title: "Server and HTTP limits", settings: server),
        SettingSection(id: "database", title: "Database and history", settings: database),
        SettingSection(id: "accounts", title: "Accounts, sessions and codes", settings: accounts),
        SettingSection(id: "ingest", title: "Ingest", settings: ingest),
        SettingSection(id: "zones", title: "Zones and geo", settings: zones),
        SettingSection(id: "alerts", title: "Alerts, event streams and webhooks", settings: alerts + AlertRules.settings + Channels.settings),
        SettingSection(id: "weather", title: "Weather of episodes", settings: weather),
        SettingSection(id: "email", title: "Email", settings: email),
        SettingSection(id: "trips", title: "Trips", settings: trips),
        SettingSection(id: "mqtt", title: "MQTT: OwnTracks phones and Home Assistant", settings: mqtt),
    ]

    /// Every setting, section after section.
    public static let all: [ServerSetting] = sections.flatMap(\.settings)

    /// The setting called `name` (without dashes).
    public static func named(_ name: String) -> ServerSetting? {
        all.first { $0.name == name }
    }

    /// The configuration `arguments` (`--name value`, `--name=value`, a flag alone) and
    /// `environment` (`HOMEWARD_*`, an empty one unset) give over `base`: a flag wins over the
    /// environment, the environment over the default. Throws a `SettingError` naming an unknown flag,
    /// a missing value or one that cannot be read; `problems` judges the values afterwards.
    public static func configuration(
        arguments: [String], environment: [String: String], over base: AppConfiguration = AppConfiguration()
    ) throws -> AppConfiguration {
        let given = try flags(in: arguments)
        var configuration = base
        let named = Set(given.map(\.setting.name))
        for setting in all where !named.contains(setting.name) {
            if let text = environment[setting.environmentName], !text.isEmpty {
                try setting.apply(text, from: "the environment variable \(setting.environmentName)", to: &configuration)
            }
        }
        for (setting, text) in given {
            try setting.apply(text, from: "--\(setting.name)", to: &configuration)
        }
        return configuration
    }

    /// The help line of the setting called `name`, for a command that takes it as its own option.
    public static func help(of name: String) -> String {
        guard let setting = named(name) else { preconditionFailure("no setting is called \(name)") }
        return setting.helpLine
    }

    /// Sets the setting called `name` from `flag` when given, else from its environment variable
    /// when set; for commands that take a few of the settings as their own options.
    public static func apply(
        _ name: String, flag: String?, environment: [String: String], to configuration: inout AppConfiguration
    ) throws {
        guard let setting = named(name) else { preconditionFailure("no setting is called \(name)") }
        if let flag {
            try setting.apply(flag, from: "--\(name)", to: &configuration)
        } else if let text = environment[setting.environmentName], !text.isEmpty {
            try setting.apply(text, from: "the environment variable \(setting.environmentName)", to: &configuration)
        }
    }

    /// The settings `arguments` name, each with its value (`true` for a flag alone), in order.
    static func flags(in arguments: [String]) throws -> [(setting: ServerSetting, text: String)] {
        var found: [(setting: ServerSetting, text: String)] = []
        var index = arguments.startIndex
        while index < arguments.endIndex {
            let argument = arguments[index]
            index += 1
            guard argument.hasPrefix("--") else { throw SettingError("Unexpected argument '\(argument)'.") }
            let body = argument.dropFirst(2)
            let name = String(body.prefix { $0 != "=" })
            guard let setting = named(name) else { throw SettingError("Unknown option '--\(name)'.") }
            if setting.takesNoValue {
                guard name.count == body.count else { throw SettingError("--\(name) takes no value.") }
                found.append((setting, "true"))
            } else if name.count < body.count {
                found.append((setting, String(body.dropFirst(name.count + 1))))
            } else {
                guard index < arguments.endIndex else { throw SettingError("Missing value for '--\(name)'.") }
                found.append((setting, arguments[index]))
                index += 1
            }
        }
        return found
    }
}

/// A group of settings: one table of docs/configuration.md, one block of `serve --help`.
public struct SettingSection: Sendable {
    /// Names the table's place in docs/configuration.md (`<!-- settings:server -->`).
    public let id: String
    /// The heading.
    public let title: String
    /// The settings, in the order shown.
    public let settings: [ServerSetting]
}
