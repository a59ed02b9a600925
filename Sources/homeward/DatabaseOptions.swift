import ArgumentParser
import Foundation
import Homeward
import HomewardPostgres
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
                "This command works on an SQLite file; on PostgreSQL use the server's own tools (pg_dump, psql; docs/postgresql.md).")
        }
        guard creating || FileManager.default.fileExists(atPath: path) else {
            throw ArgumentParser.ValidationError("There is no database at \(path) (set --database or HOMEWARD_DATABASE).")
        }
        let pool = try DatabasePool(path: path)
        defer { try? pool.close() }
        return try body(pool, path)
    }

    /// Runs `body` with the configured database open, an SQLite file or a PostgreSQL URL, and a
    /// name for it to print (a URL without its password), then closes it. An SQLite file that does
    /// not exist is an error unless `creating`; a PostgreSQL server that cannot be reached is one.
    func withEitherDatabase<Result>(creating: Bool = false, _ body: (any DatabaseWriter, String) throws -> Result) throws -> Result {
        var configuration = AppConfiguration()
        try apply(to: &configuration)
        guard let url = configuration.postgresURL else {
            return try withDatabase(creating: creating) { pool, path in try body(pool, path) }
        }
        let pool: PostgresPool
        do {
            pool = try PostgresPool(url: url)
        } catch {
            throw ArgumentParser.ValidationError("Cannot connect to the PostgreSQL database \(Self.redacted(url)): \(error)")
        }
        defer { pool.close() }
        return try body(pool, Self.redacted(url))
    }

    /// Applies the pending migrations of `writer`'s engine; returns them.
    static func migrate(_ writer: any DatabaseWriter) throws -> [Migration] {
        switch writer {
        case let pool as PostgresPool:
            try pool.withConnection { try Schema.postgresMigrator().migrate($0) }
        case let pool as DatabasePool:
            try Schema.migrator().migrate(pool)
        default:
            preconditionFailure("a database is an SQLite file or a PostgreSQL database")
        }
    }

    /// The version of the newest migration applied to `writer`'s database.
    static func version(of writer: any DatabaseWriter) throws -> Int {
        switch writer {
        case let pool as PostgresPool:
            try pool.withConnection { try PostgresMigrator.appliedMigrations(in: $0) }.last?.version ?? 0
        case let pool as DatabasePool:
            try Migrator.appliedMigrations(in: pool).last?.version ?? 0
        default:
            preconditionFailure("a database is an SQLite file or a PostgreSQL database")
        }
    }

    /// `url` with the password of its user part replaced by `***`.
    static func redacted(_ url: String) -> String {
        guard let scheme = url.range(of: "://"), let at = url[scheme.upperBound...].firstIndex(of: "@") else { return url }
        let user = url[scheme.upperBound..<at]
        guard let colon = user.firstIndex(of: ":") else { return url }
        return String(url[..<colon]) + ":***" + String(url[at...])
    }

    /// A logger at the configured level, writing to standard error.
    static func makeLogger(_ configuration: AppConfiguration) -> Logger {
        LoggingSystem.bootstrap(StreamLogHandler.standardError)
        var logger = Logger(label: "homeward")
        logger.logLevel = configuration.logLevel
        return logger
    }
}
