import ArgumentParser
import Glibc

@main
struct HomewardCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "homeward",
        abstract: "A self-hosted HTTP JSON backend for guardian location tracking.",
        discussion: """
            Every option can also be set with the environment variable named in its help; a flag \
            wins over the environment, the environment over the default.
            """,
        subcommands: [
            ServeCommand.self, MigrateCommand.self, BackupCommand.self, CopyCommand.self, PruneCommand.self, StatsCommand.self,
            ReplayCommand.self, ImportCommand.self, ResetPasswordCommand.self, SettingsCommand.self,
        ]
    )

    /// Runs the command with files created for the server's own user only: the database, its log,
    /// backups and the secret hold where people are (mode 0600, whatever the shell's umask).
    static func main() {
        umask(0o077)
        main(nil)
    }
}
