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
        try database.withDatabase { pool, source in
            try pool.backup(to: path)
            print("backed up \(source) to \(path)")
            // The copy's codes, tokens and keys are digests under the server secret, which is not in it.
            print("keep the server secret with it: \(ServerSecret.defaultPath(besideDatabase: source)) (or your --secret-file)")
        }
    }
}
