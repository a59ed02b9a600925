import ArgumentParser
import Foundation

/// Resolves a setting: the flag if given, else the `HOMEWARD_*` environment variable, else the default.
enum EnvironmentDefault {
    /// The value of `flag`, else of the environment variable `name` parsed as `Value`, else `fallback`.
    static func resolve<Value: LosslessStringConvertible>(_ flag: Value?, _ name: String, _ fallback: Value) throws -> Value {
        if let flag { return flag }
        guard let text = ProcessInfo.processInfo.environment[name], !text.isEmpty else { return fallback }
        guard let value = Value(text) else {
            throw ArgumentParser.ValidationError("The environment variable \(name) has an invalid value: \(text)")
        }
        return value
    }
}
