import ArgumentParser
import Homeward
import HomewardStore

/// `homeward migrate`: applies pending migrations and exits.
struct MigrateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "migrate",
        abstract: "Apply the pending schema migrations to the database and exit."
    )

    @OptionGroup var database: DatabaseOptions

    func run() throws {
        try database.withDatabase(creating: true) { pool, path in
            let applied = try Migrator(Schema.migrations).migrate(pool)
            for migration in applied { print("applied \(migration.name)") }
            let all = try Migrator.appliedMigrations(in: pool)
            print("database \(path) is at version \(all.last?.version ?? 0) (\(applied.count) applied now)")
        }
    }
}
