import ArgumentParser
import Foundation
import Homeward

/// The server settings a command other than `serve` takes as options of its own (`--database`,
/// `--log-level`, …), read as `serve` reads them: the flag, else the environment variable.
enum CommandSettings {
    /// Sets the setting `name` in `configuration` from `flag`, else from its environment variable.
    static func apply(_ name: String, flag: String?, to configuration: inout AppConfiguration) throws {
        do {
            try ServerSettings.apply(name, flag: flag, environment: ProcessInfo.processInfo.environment, to: &configuration)
        } catch let error as SettingError {
            throw ArgumentParser.ValidationError(error.description)
        }
    }
}
