import ArgumentParser
import Homeward
import HomewardStore

/// `homeward backup PATH`: an online, consistent copy of the database, safe while the server runs.
struct BackupCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "backup",
        abstract: "Copy the database to PATH (online and consistent, while the server keeps writing)."
    )

    @OptionGroup var database: DatabaseOptions

    @Argument(help: "Where to write the copy; the file must not exist.")
    var path: String

    func run() throws {
        var configuration = AppConfiguration()
        try database.apply(to: &configuration)
        let pool = try DatabasePool(path: configuration.databasePath)
        defer { try? pool.close() }
        try pool.backup(to: path)
        print("backed up \(configuration.databasePath) to \(path)")
    }
}
