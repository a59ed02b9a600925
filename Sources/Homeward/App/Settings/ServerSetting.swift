/// One setting of `homeward serve`, declared once: its flag (`--silent-after-seconds`), its
/// environment variable (`HOMEWARD_SILENT_AFTER_SECONDS`), its default (the `AppConfiguration`
/// field it is stored in), its check, its help line and its row in docs/configuration.md all come
/// from this one value. `ServerSettings.all` lists them.
public struct ServerSetting: Sendable {
    /// The flag without its dashes, e.g. `silent-after-seconds`.
    public let name: String
    /// What it does: the help line of `homeward serve --help` and the meaning column of the docs
    /// (`backticks` are dropped in the help).
    public let help: String
    /// The default as the help and the docs say it.
    public let shownDefault: String
    /// A flag that takes no value (`--smtp-allow-plain`); its environment variable is `true` or `false`.
    public let takesNoValue: Bool
    /// Reads `text` (a flag's value or an environment variable's) into the configuration.
    let store: @Sendable (String, inout AppConfiguration) throws -> Void
    /// What is wrong with the value in a configuration, as words after the name; nil when nothing is.
    let problem: @Sendable (AppConfiguration) -> String?

    /// The environment variable: `HOMEWARD_` and the name in capitals, dashes as underscores.
    public var environmentName: String {
        "HOMEWARD_" + String(name.uppercased().map { $0 == "-" ? "_" : $0 })
    }

    /// The help, the environment variable and the default in one line, as `--help` shows them.
    public var helpLine: String {
        let environment = takesNoValue ? "\(environmentName)=true" : environmentName
        return "\(help) (env \(environment), default \(shownDefault)).".filter { $0 != "`" }
    }

    /// The problem of this setting in `configuration`, naming it (`port must be between 0 and 65535`).
    public func problem(in configuration: AppConfiguration) -> String? {
        problem(configuration).map { "\(name) \($0)" }
    }

    /// Sets the value `text` gives; a `SettingError` names the flag or the environment variable
    /// (`from`) when `text` is not one.
    func apply(_ text: String, from source: String, to configuration: inout AppConfiguration) throws {
        do {
            try store(text, &configuration)
        } catch let error as SettingError where !error.description.isEmpty {
            throw error
        } catch {
            throw SettingError("The value '\(text)' of \(source) is invalid.")
        }
    }
}

extension ServerSetting {
    /// A setting whose value is written as text the value type reads (`Int`, `Double`, `String`).
    static func value<Value: LosslessStringConvertible & Sendable>(
        _ name: String, _ keyPath: WritableKeyPath<AppConfiguration, Value> & Sendable, _ help: String,
        defaultNote: String? = nil, shownDefault: String? = nil, check: SettingCheck<Value> = .none
    ) -> ServerSetting {
        parsed(name, keyPath, help, defaultNote: defaultNote, shownDefault: shownDefault, check: check, show: { "\($0)" }) { text in
            guard let value = Value(text) else { throw SettingError.notValid }
            return value
        }
    }

    /// A setting read by `parse`, shown by `show`.
    static func parsed<Value: Sendable>(
        _ name: String, _ keyPath: WritableKeyPath<AppConfiguration, Value> & Sendable, _ help: String,
        defaultNote: String? = nil, shownDefault: String? = nil, check: SettingCheck<Value> = .none,
        show: (Value) -> String, parse: @escaping @Sendable (String) throws -> Value
    ) -> ServerSetting {
        ServerSetting(
            name: name, help: check.allowed.map { "\(help); \($0)" } ?? help,
            shownDefault: shownDefault ?? Self.describe(show(AppConfiguration()[keyPath: keyPath]), note: defaultNote),
            takesNoValue: false,
            store: { text, configuration in configuration[keyPath: keyPath] = try parse(text) },
            problem: { configuration in check.problem(configuration[keyPath: keyPath], configuration) })
    }

    /// A flag that takes no value and turns `keyPath` on; its environment variable says `true` or `false`.
    static func flag(_ name: String, _ keyPath: WritableKeyPath<AppConfiguration, Bool> & Sendable, _ help: String) -> ServerSetting {
        ServerSetting(
            name: name, help: help, shownDefault: AppConfiguration()[keyPath: keyPath] ? "on" : "off", takesNoValue: true,
            store: { text, configuration in
                guard let value = Bool(text) else { throw SettingError.notValid }
                configuration[keyPath: keyPath] = value
            },
            problem: { _ in nil })
    }

    /// `text` as the docs say a default: a whole number without `.0`, an empty one as `empty`, and
    /// the note after it in brackets (or alone, for an empty value).
    private static func describe(_ text: String, note: String?) -> String {
        let plain = plainNumber(text)
        guard let note else { return plain.isEmpty ? "empty" : plain }
        return plain.isEmpty ? note : "\(plain) (\(note))"
    }
}

/// A setting's value that cannot be read, with the words `homeward serve` says.
public struct SettingError: Error, CustomStringConvertible, Sendable {
    /// The message, naming the flag or the environment variable.
    public let description: String

    init(_ description: String) {
        self.description = description
    }

    /// The value is not one of the setting's kind; `ServerSetting.apply` says which.
    static let notValid = SettingError("")
}

/// What a setting's value must be, said after its name (`must be at least 1`).
struct SettingCheck<Value>: Sendable {
    /// The words, or nil when the value (in its configuration) is fine.
    let problem: @Sendable (Value, AppConfiguration) -> String?
    /// The values allowed, as the help and the docs say them (`0 to 600`), for a range.
    var allowed: String?

    /// Every value is fine.
    static var none: SettingCheck { SettingCheck { _, _ in nil } }

    /// A check with `problem`, and no range to show.
    init(_ problem: @escaping @Sendable (Value, AppConfiguration) -> String?) {
        self.problem = problem
    }

    /// The value must pass `test` (which may read other settings), else `message`.
    static func that(_ message: String, _ test: @escaping @Sendable (Value, AppConfiguration) -> Bool) -> SettingCheck {
        SettingCheck { value, configuration in test(value, configuration) ? nil : message }
    }
}

extension SettingCheck where Value: Comparable & Sendable {
    /// At least `bound`.
    static func atLeast(_ bound: Value) -> SettingCheck { .that("must be at least \(plainNumber(bound))") { value, _ in value >= bound } }

    /// Within `range`, said `between a and b`.
    static func between(_ range: ClosedRange<Value>) -> SettingCheck {
        let (lower, upper) = (plainNumber(range.lowerBound), plainNumber(range.upperBound))
        var check = SettingCheck.that("must be between \(lower) and \(upper)") { value, _ in range.contains(value) }
        check.allowed = "\(lower) to \(upper)"
        return check
    }

    /// Within `range`, said `a to b`.
    static func from(_ range: ClosedRange<Value>) -> SettingCheck {
        let allowed = "\(plainNumber(range.lowerBound)) to \(plainNumber(range.upperBound))"
        var check = SettingCheck.that("must be \(allowed)") { value, _ in range.contains(value) }
        check.allowed = allowed
        return check
    }
}

extension SettingCheck where Value: Comparable & Sendable & ExpressibleByIntegerLiteral {
    /// Zero or more.
    static var notNegative: SettingCheck { .that("must not be negative") { value, _ in value >= 0 } }

    /// More than zero.
    static var positive: SettingCheck { .that("must be positive") { value, _ in value > 0 } }
}

/// `value` as the help and the messages say it: a whole number of a `Double` without its `.0`.
func plainNumber(_ value: Any) -> String {
    let text = "\(value)"
    return text.hasSuffix(".0") && Double(text) != nil ? String(text.dropLast(2)) : text
}
