import Foundation
import Homeward
import HomewardPostgres
import HomewardStore
import Logging
import XCTest

/// Where a test app keeps its data: a fresh SQLite file in the test's directory, or, when
/// `HOMEWARD_TEST_DATABASE=postgresql` (as `make test`'s second pass sets), a fresh PostgreSQL
/// database on the server at `HOMEWARD_TEST_POSTGRES_URL`, made from a migrated template and
/// dropped afterwards. The whole suite runs against both.
enum TestDatabase {
    /// Whether this run's test apps keep their data in PostgreSQL.
    static let isPostgreSQL = ProcessInfo.processInfo.environment["HOMEWARD_TEST_DATABASE"] == "postgresql"

    /// A new, empty database for one test app: a file path in `directory`, or a PostgreSQL URL.
    static func fresh(in directory: URL) throws -> String {
        guard isPostgreSQL else { return directory.appendingPathComponent("homeward.sqlite").path }
        let name = "homeward_test_\(UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: ""))"
        let server = try PostgresServer.shared()
        try server.connection.executeScript("CREATE DATABASE \(name) TEMPLATE \(server.template)")
        return server.url(ofDatabase: name)
    }

    /// Drops the database `location` names when it is a PostgreSQL one (a file goes with its directory).
    static func drop(_ location: String) {
        guard isPostgreSQL, let name = location.split(separator: "/").last?.split(separator: "?").first,
              let server = try? PostgresServer.shared() else { return }
        try? server.connection.executeScript("DROP DATABASE IF EXISTS \(name) WITH (FORCE)")
    }

    /// Skips the calling test on PostgreSQL: for what only an SQLite file has (its path, pragmas,
    /// the file-level crash and disk-full tests).
    static func requireSQLite(_ reason: String) throws {
        if isPostgreSQL { throw XCTSkip("SQLite only: \(reason)") }
    }

    /// The test server: one maintenance connection (guarded by a lock) and a migrated template.
    private final class PostgresServer: @unchecked Sendable {
        // @unchecked Sendable: `connection` is used under `lock` only (see `fresh` and `drop`).
        let baseURL: String
        let template: String
        let connection: PostgresConnection

        private static let lock = NSLock()
        private nonisolated(unsafe) static var instance: PostgresServer?

        static func shared() throws -> PostgresServer {
            lock.lock()
            defer { lock.unlock() }
            if let instance { return instance }
            guard let url = ProcessInfo.processInfo.environment["HOMEWARD_TEST_POSTGRES_URL"], !url.isEmpty else {
                throw XCTSkip("HOMEWARD_TEST_DATABASE=postgresql needs HOMEWARD_TEST_POSTGRES_URL")
            }
            let server = try PostgresServer(baseURL: url)
            instance = server
            return server
        }

        private init(baseURL: String) throws {
            self.baseURL = baseURL
            connection = try PostgresConnection(url: baseURL)
            template = "homeward_template_\(getpid())"
            try connection.executeScript("DROP DATABASE IF EXISTS \(template) WITH (FORCE)")
            try connection.executeScript("CREATE DATABASE \(template)")
            let migrating = try PostgresConnection(url: url(ofDatabase: template))
            try Schema.postgresMigrator().migrate(migrating)
        }

        /// `baseURL` with its database name replaced by `name`.
        func url(ofDatabase name: String) -> String {
            let parts = baseURL.split(separator: "?", maxSplits: 1)
            let base = parts[0]
            let hostStart = base.range(of: "://")?.upperBound ?? base.startIndex
            let root = base[hostStart...].firstIndex(of: "/").map { base[..<$0] } ?? base
            return "\(root)/\(name)" + (parts.count > 1 ? "?\(parts[1])" : "")
        }
    }
}

extension TestApp {
    /// The app's SQLite database, for a test of what only the file has; skips the test on PostgreSQL.
    func sqliteFile(_ reason: String) throws -> DatabasePool {
        try TestDatabase.requireSQLite(reason)
        return try XCTUnwrap(app.database as? DatabasePool)
    }
}

extension TestDatabase {
    /// The test apps' logger: silent, unless `HOMEWARD_TEST_LOG_ERRORS` is set, when errors (an
    /// internal error's cause among them) go to standard error.
    static var logger: Logger {
        guard ProcessInfo.processInfo.environment["HOMEWARD_TEST_LOG_ERRORS"] != nil else {
            return Logger(label: "homeward.test", factory: { _ in SwiftLogNoOpLogHandler() })
        }
        var logger = Logger(label: "homeward.test", factory: { label in StreamLogHandler.standardError(label: label) })
        logger.logLevel = Logger.Level.error
        return logger
    }
}
