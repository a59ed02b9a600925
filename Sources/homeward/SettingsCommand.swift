import ArgumentParser
import Foundation
import Homeward

/// `homeward settings`: the settings of `serve` as declared, for the docs and for scripts.
struct SettingsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "settings",
        abstract: "List the settings of serve: flag, environment variable and default (or the docs' tables).",
        discussion: "docs/configuration.md's tables are made by `homeward settings --update docs/configuration.md`; a test checks them."
    )

    @Flag(help: "Print every section's Markdown table, as in docs/configuration.md.")
    var markdown = false

    @Option(help: "Make the tables of this Markdown file anew, between its <!-- settings:… --> and <!-- /settings --> lines.")
    var update: String?

    func run() throws {
        if let update {
            let url = URL(fileURLWithPath: update)
            let document = try String(contentsOf: url, encoding: .utf8)
            do {
                try ServerSettings.updatingTables(in: document).write(to: url, atomically: true, encoding: .utf8)
            } catch let error as SettingError {
                throw ArgumentParser.ValidationError(error.description)
            }
        } else if markdown {
            print(ServerSettings.markdown, terminator: "")
        } else {
            for setting in ServerSettings.all {
                print("--\(setting.name)\t\(setting.environmentName)\t\(setting.shownDefault)")
            }
        }
    }
}
