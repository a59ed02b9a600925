import Foundation
import HomewardStore
import XCTest
@testable import HomewardPostgres

final class PostgresMigratorTests: XCTestCase {
    private func freshSchema() throws -> PostgresTestSchema {
        let schema = try PostgresTestSchema()
        addTeardownBlock { try? schema.drop() }
        return schema
    }

    func testAllMigrationsApplyToAnEmptyDatabaseOnceAndASecondStartAppliesNone() throws {
        let schema = try freshSchema()
        let files = try PostgresSchemaFiles.migrations()
        let migrator = try PostgresMigrator(files)
        let connection = try schema.connect()

        let applied = try migrator.migrate(connection)
        XCTAssertEqual(applied.map(\.name), files.map(\.name))
        XCTAssertEqual(applied.last?.version, files.count)

        let records = try PostgresMigrator.appliedMigrations(in: connection)
        XCTAssertEqual(records.map(\.version), Array(1...files.count))
        XCTAssertEqual(records.map(\.name), files.map(\.name))
        // The same checksum as SQLite's Migrator records: SHA-256 of the file's text.
        XCTAssertEqual(records.map(\.checksum), files.map { try! Migration(name: $0.name, sql: $0.sql).checksum })
        for record in records {
            XCTAssertNotNil(record.appliedAt.range(of: #"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$"#, options: .regularExpression),
                            record.appliedAt)
        }

        let again = try PostgresMigrator(files).migrate(try schema.connect())
        XCTAssertEqual(again, [])
        XCTAssertEqual(try PostgresMigrator.appliedMigrations(in: connection).count, files.count)
    }

    func testAMigrationChangedAfterItWasAppliedIsRefusedWithSQLitesError() throws {
        let schema = try freshSchema()
        var files = try PostgresSchemaFiles.migrations()
        try PostgresMigrator(files).migrate(try schema.connect())

        files[2].sql += "\n-- an edit after the fact\n"
        let connection = try schema.connect()
        XCTAssertThrowsError(try PostgresMigrator(files).migrate(connection)) { error in
            XCTAssertEqual(error as? MigrationError, .changedAfterApplying(version: 3, name: files[2].name))
            XCTAssertEqual("\(error)", "\(MigrationError.changedAfterApplying(version: 3, name: files[2].name))")
        }
        // The lock was given back: another migrator of the same database can take it.
        let other = try schema.connect()
        XCTAssertEqual(try other.fetchOne("SELECT pg_try_advisory_lock($1)", [PostgresMigrator.advisoryLockKey]) as Bool?, true)
    }

    func testADatabaseLackingAMigrationOrNewerThanTheBinaryIsRefused() throws {
        let schema = try freshSchema()
        let files = try PostgresSchemaFiles.migrations()
        let connection = try schema.connect()
        try PostgresMigrator(files).migrate(connection)

        XCTAssertThrowsError(try PostgresMigrator(Array(files.dropLast())).migrate(connection)) { error in
            XCTAssertEqual(error as? MigrationError, .databaseIsNewer(databaseVersion: files.count, knownVersion: files.count - 1))
        }
        try connection.execute("DELETE FROM schema_migrations WHERE version = 4")
        XCTAssertThrowsError(try PostgresMigrator(files).migrate(connection)) { error in
            XCTAssertEqual(error as? MigrationError, .appliedOutOfOrder(missingVersion: 4, appliedVersion: files.count))
        }
    }

    func testAFailingMigrationLeavesNoTraceAndStopsTheOnesAfterIt() throws {
        let schema = try freshSchema()
        let migrations = [
            (name: "0001_first", sql: "CREATE TABLE first (id BIGINT PRIMARY KEY);"),
            (name: "0002_broken", sql: "CREATE TABLE second (id BIGINT PRIMARY KEY);\nINSERT INTO first VALUES ('not a number');"),
            (name: "0003_third", sql: "CREATE TABLE third (id BIGINT PRIMARY KEY);"),
        ]
        let connection = try schema.connect()
        XCTAssertThrowsError(try PostgresMigrator(migrations).migrate(connection)) { error in
            let failure = error as? PostgresMigrationError
            XCTAssertEqual(failure?.version, 2)
            XCTAssertEqual(failure?.name, "0002_broken")
            XCTAssertEqual(failure?.error.sqlState, "22P02")
            XCTAssertTrue("\(error)".hasPrefix("migration 0002_broken (version 2) failed and was rolled back: "), "\(error)")
        }
        XCTAssertEqual(try PostgresMigrator.appliedMigrations(in: connection).map(\.version), [1])
        let tables = try connection.fetchAll(
            "SELECT table_name FROM information_schema.tables WHERE table_schema = $1 ORDER BY table_name", [schema.name]
        ) { try $0.value(named: "table_name") as String }
        XCTAssertEqual(tables, ["first", "schema_migrations"])
    }

    func testTwoNodesStartingAtOnceApplyEachMigrationOnce() throws {
        let schema = try freshSchema()
        let files = try PostgresSchemaFiles.migrations()
        let migrator = try PostgresMigrator(files)
        let outcomes = Outcomes()
        DispatchQueue.concurrentPerform(iterations: 2) { _ in
            do {
                let connection = try schema.connect()
                outcomes.record(.success(try migrator.migrate(connection).map(\.version)))
            } catch {
                outcomes.record(.failure(error))
            }
        }
        let applied = try outcomes.all.map { try $0.get() }
        XCTAssertEqual(applied.count, 2)
        // One node applied them all, the other found none pending once it had the lock.
        XCTAssertEqual(applied.flatMap { $0 }.sorted(), Array(1...files.count))
        XCTAssertTrue(applied.contains([]))
        XCTAssertEqual(try PostgresMigrator.appliedMigrations(in: try schema.connect()).map(\.version), Array(1...files.count))
    }
}

/// Results gathered from several threads.
private final class Outcomes: @unchecked Sendable {
    private let lock = NSLock()
    private var results: [Result<[Int], any Error>] = []

    func record(_ result: Result<[Int], any Error>) {
        lock.withLock { results.append(result) }
    }

    var all: [Result<[Int], any Error>] { lock.withLock { results } }
}
