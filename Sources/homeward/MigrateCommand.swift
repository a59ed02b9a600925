import ArgumentParser
import Homeward
import HomewardStore

/// `homeward migrate`: applies pending migrations and exits.
struct MigrateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "migrate",
        abstract: "Apply the pending schema migrations to the database (an SQLite file or a PostgreSQL URL) and exit."
    )

    @OptionGroup var database: DatabaseOptions

    func run() throws {
        try database.withEitherDatabase(creating: true) { writer, name in
            let applied = try DatabaseOptions.migrate(writer)
            let version = try DatabaseOptions.version(of: writer)
            for migration in applied { print("applied \(migration.name)") }
            print("database \(name) is at version \(version) (\(applied.count) applied now)")
        }
    }
}
