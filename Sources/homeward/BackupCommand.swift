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
        if configuration.postgresURL != nil {
            // A copy of a server database is the server's own tool's work: consistent, online, and
            // restorable with pg_restore into any PostgreSQL of the same or a later version.
            throw ArgumentParser.ValidationError("""
                homeward backup copies an SQLite file. Back up a PostgreSQL database with pg_dump, e.g. \
                pg_dump --format=custom --file=homeward.dump 'postgres://…' (online and consistent), restore with \
                pg_restore; keep the server secret (--secret-file) with it (docs/postgresql.md).
                """)
        }
        try database.withDatabase { pool, source in
            try pool.backup(to: path)
            print("backed up \(source) to \(path)")
            // The copy's codes, tokens and keys are digests under the server secret, which is not in it.
            print("keep the server secret with it: \(ServerSecret.defaultPath(besideDatabase: source)) (or your --secret-file)")
        }
    }
}
