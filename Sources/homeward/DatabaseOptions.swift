import ArgumentParser
import Foundation
import Homeward
import HomewardStore
import Logging

/// Options every subcommand that opens the database shares.
struct DatabaseOptions: ParsableArguments {
    @Option(name: .customLong("database"), help: ArgumentHelp(ServerSettings.help(of: "database")))
    var databasePath: String?

    @Option(help: ArgumentHelp(ServerSettings.help(of: "log-level")))
    var logLevel: String?

    /// Applies these options to `configuration`, as `serve` reads the same settings.
    func apply(to configuration: inout AppConfiguration) throws {
        try CommandSettings.apply("database", flag: databasePath, to: &configuration)
        try CommandSettings.apply("log-level", flag: logLevel, to: &configuration)
    }

    /// Runs `body` with the configured database open (the path beside it) and closes it afterwards.
    /// Unless `creating`, a missing file is an error rather than a new empty database.
    func withDatabase<Result>(creating: Bool = false, _ body: (DatabasePool, String) throws -> Result) throws -> Result {
        var configuration = AppConfiguration()
        try apply(to: &configuration)
        let path = configuration.databasePath
        guard configuration.postgresURL == nil else {
            throw ArgumentParser.ValidationError(
                "This command works on an SQLite file; on PostgreSQL use the server's own tools (pg_dump, psql).")
        }
        guard creating || FileManager.default.fileExists(atPath: path) else {
            throw ArgumentParser.ValidationError("There is no database at \(path) (set --database or HOMEWARD_DATABASE).")
        }
        let pool = try DatabasePool(path: path)
        defer { try? pool.close() }
        return try body(pool, path)
    }

    /// A logger at the configured level, writing to standard error.
    static func makeLogger(_ configuration: AppConfiguration) -> Logger {
        LoggingSystem.bootstrap(StreamLogHandler.standardError)
        var logger = Logger(label: "homeward")
        logger.logLevel = configuration.logLevel
        return logger
    }
}
