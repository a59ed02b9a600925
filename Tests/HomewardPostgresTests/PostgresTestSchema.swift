import Foundation
import Homeward
import HomewardPostgres

/// A schema of its own on the test server, so that a test's tables are not seen by another:
/// connections from `connect()` have it first in their `search_path`. `drop()` removes it.
struct PostgresTestSchema {
    let url: String
    let name: String

    /// Creates a schema with a random name on the test server (skips the test without one).
    init() throws {
        url = try PostgresTestServer.url()
        name = "test_" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "")
        try PostgresConnection(url: url).execute("CREATE SCHEMA \(name)")
    }

    /// A new connection whose tables, functions and views are made in and read from this schema.
    func connect() throws -> PostgresConnection {
        let connection = try PostgresConnection(url: url)
        try connection.execute("SET search_path TO \(name)")
        return connection
    }

    /// Drops the schema and everything in it.
    func drop() throws {
        let connection = try PostgresConnection(url: url)
        try connection.execute("SET client_min_messages TO warning")  // not a notice per dropped table
        try connection.execute("DROP SCHEMA \(name) CASCADE")
    }
}

/// The migrations the build rendered from schema/ for each engine (`Schema`).
enum PostgresSchemaFiles {
    /// As PostgreSQL runs them, in order.
    static func migrations() throws -> [(name: String, sql: String)] {
        Schema.postgresMigrations
    }

    /// As SQLite runs them, in order.
    static func sqliteMigrations() throws -> [(name: String, sql: String)] {
        Schema.migrations
    }
}
