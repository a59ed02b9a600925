import ArgumentParser

@main
struct HomewardCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "homeward",
        abstract: "A self-hosted HTTP JSON backend for guardian location tracking.",
        discussion: """
            Every option can also be set with the environment variable named in its help; a flag \
            wins over the environment, the environment over the default.
            """,
        subcommands: [ServeCommand.self, MigrateCommand.self, BackupCommand.self, PruneCommand.self, StatsCommand.self, ReplayCommand.self]
    )
}
