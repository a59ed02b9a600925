import XCTest
@testable import HomewardStore

final class MigratorTests: XCTestCase {
    private static let accounts = (name: "0001_accounts", sql: "CREATE TABLE accounts (id INTEGER PRIMARY KEY) STRICT;")
    private static let samples = (name: "0002_samples", sql: "CREATE TABLE samples (account_id INTEGER NOT NULL) STRICT;")
    private static let zones = (name: "0003_zones", sql: "CREATE TABLE zones (id INTEGER PRIMARY KEY) STRICT;")
    private var directory: TemporaryDirectory!
    private var pool: DatabasePool!

    override func setUpWithError() throws {
        directory = try TemporaryDirectory()
        pool = try DatabasePool(path: directory.file("migrations.sqlite"))
    }

    override func tearDownWithError() throws {
        try pool?.close()
        pool = nil
        directory = nil
    }

    private func tableNames() throws -> [String] {
        try pool.read { try $0.fetchAll("SELECT name FROM sqlite_schema WHERE type = 'table' ORDER BY name") }
    }

    func testFreshDatabaseAppliesEveryMigrationInOrder() throws {
        let applied = try Migrator([Self.samples, Self.accounts]).migrate(pool)
        XCTAssertEqual(applied.map(\.version), [1, 2])
        XCTAssertEqual(try tableNames(), ["accounts", "samples", "schema_migrations"])
        let records = try Migrator.appliedMigrations(in: pool)
        XCTAssertEqual(records.map(\.name), ["0001_accounts", "0002_samples"])
        XCTAssertEqual(records.first?.checksum, SHA256.hexDigest(of: Self.accounts.sql))
        let userVersion: Int? = try pool.read { try $0.fetchOne("PRAGMA user_version") }
        XCTAssertEqual(userVersion, 2)
    }

    func testExistingDatabaseAppliesOnlyPendingMigrations() throws {
        try Migrator([Self.accounts]).migrate(pool)
        let applied = try Migrator([Self.accounts, Self.samples]).migrate(pool)
        XCTAssertEqual(applied.map(\.name), ["0002_samples"])
        XCTAssertEqual(try Migrator([Self.accounts, Self.samples]).migrate(pool), [])
        XCTAssertEqual(try Migrator.appliedMigrations(in: pool).map(\.version), [1, 2])
    }

    func testNewerDatabaseIsRefusedWithAClearMessage() throws {
        try Migrator([Self.accounts, Self.samples, Self.zones]).migrate(pool)
        XCTAssertThrowsError(try Migrator([Self.accounts, Self.samples]).migrate(pool)) { error in
            XCTAssertEqual(error as? MigrationError, .databaseIsNewer(databaseVersion: 3, knownVersion: 2))
            XCTAssertEqual(String(describing: error),
                           "database schema version 3 is newer than this homeward (2); upgrade homeward")
        }
    }

    func testChangedAppliedMigrationIsReported() throws {
        try Migrator([Self.accounts]).migrate(pool)
        let edited = (name: Self.accounts.name, sql: "CREATE TABLE accounts (id INTEGER PRIMARY KEY, name TEXT) STRICT;")
        XCTAssertThrowsError(try Migrator([edited, Self.samples]).migrate(pool)) { error in
            XCTAssertEqual(error as? MigrationError, .changedAfterApplying(version: 1, name: "0001_accounts"))
        }
        XCTAssertFalse(try tableNames().contains("samples"))
    }

    /// A migration whose text changed form while making the same database (a comment, spacing) names
    /// the checksum of its earlier text: a database that recorded it applies nothing again, and its
    /// record stays as it was; another text of that version, and the earlier text under another
    /// version, are still refused.
    func testAnEarlierChecksumGivenForItsVersionIsAcceptedAndNoOther() throws {
        try Migrator([Self.accounts]).migrate(pool)
        let restated = (name: Self.accounts.name, sql: "-- Accounts.\n" + Self.accounts.sql)
        let earlier = SHA256.hexDigest(of: Self.accounts.sql)
        let applied = try Migrator([restated, Self.samples], earlierChecksums: [1: [earlier]]).migrate(pool)
        XCTAssertEqual(applied.map(\.name), ["0002_samples"])
        XCTAssertEqual(try Migrator.appliedMigrations(in: pool).first?.checksum, earlier)

        XCTAssertThrowsError(try Migrator([restated, Self.samples], earlierChecksums: [2: [earlier]]).migrate(pool)) { error in
            XCTAssertEqual(error as? MigrationError, .changedAfterApplying(version: 1, name: "0001_accounts"))
        }
        let edited = (name: Self.accounts.name, sql: "CREATE TABLE accounts (id INTEGER PRIMARY KEY, name TEXT) STRICT;")
        XCTAssertThrowsError(try Migrator([edited, Self.samples], earlierChecksums: [1: [String(repeating: "0", count: 64)]]).migrate(pool)) { error in
            XCTAssertEqual(error as? MigrationError, .changedAfterApplying(version: 1, name: "0001_accounts"))
        }
    }

    func testFailingMigrationRollsBackEntirely() throws {
        let broken = (name: "0002_broken", sql: "CREATE TABLE half (x INTEGER); INSERT INTO missing VALUES (1);")
        XCTAssertThrowsError(try Migrator([Self.accounts, broken]).migrate(pool)) { error in
            guard case .failed(let version, let name, let underlying)? = error as? MigrationError else {
                return XCTFail("expected a failed migration, got \(error)")
            }
            XCTAssertEqual(version, 2)
            XCTAssertEqual(name, "0002_broken")
            XCTAssertEqual(underlying.sql, "INSERT INTO missing VALUES (1);")
        }
        XCTAssertFalse(try tableNames().contains("half"))
        XCTAssertEqual(try Migrator.appliedMigrations(in: pool).map(\.version), [1])
        let userVersion: Int? = try pool.read { try $0.fetchOne("PRAGMA user_version") }
        XCTAssertEqual(userVersion, 1)
    }

    func testMigratingOneConnectionDirectlyRecordsTheSameWay() throws {
        let database = try SQLiteDatabase(path: directory.file("direct.sqlite"))
        try Migrator([Self.accounts, Self.samples]).migrate(database)
        XCTAssertEqual(try Migrator.appliedMigrations(in: database).map(\.name), ["0001_accounts", "0002_samples"])
    }

    func testDuplicateVersionsAreRejected() {
        XCTAssertThrowsError(try Migrator([Self.accounts, (name: "0001_other", sql: "SELECT 1;")])) { error in
            XCTAssertEqual(error as? MigrationError, .duplicateVersion(1, names: ["0001_accounts", "0001_other"]))
        }
    }

    func testGapsInVersionsAreRejected() {
        XCTAssertThrowsError(try Migrator([Self.accounts, Self.zones])) { error in
            XCTAssertEqual(error as? MigrationError, .missingVersion(2))
        }
    }

    func testNamesWithoutAVersionAreRejected() {
        for name in ["accounts", "0001", "_accounts", "0000_zero", "0001-accounts"] {
            XCTAssertThrowsError(try Migrator([(name: name, sql: "SELECT 1;")]), name)
        }
    }

    func testChecksumIsSHA256OfTheSQL() {
        XCTAssertEqual(SHA256.hexDigest(of: "abc"), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        XCTAssertEqual(SHA256.hexDigest(of: ""), "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        XCTAssertEqual(SHA256.hexDigest(of: String(repeating: "a", count: 1000)),
                       "41edece42d63e8d9bf515a9ba6932e1c20cbc9f5a5d134645adb5db1b9737ea3")
    }
}
