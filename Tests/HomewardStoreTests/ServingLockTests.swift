import XCTest
import HomewardStore
#if canImport(Glibc)
import Glibc
#endif

/// One serving process per database file, without getting in SQLite's way.
final class ServingLockTests: XCTestCase {
    func testASecondLockOnTheSameDatabaseIsRefusedNamingTheHolder() throws {
        let directory = try TemporaryDirectory()
        let database = directory.file("homeward.sqlite")
        let first = try ServingLock(databasePath: database)
        XCTAssertEqual(first.path, database + ".lock")
        XCTAssertThrowsError(try ServingLock(databasePath: database)) { error in
            guard let failure = error as? ServingLock.Failure else { return XCTFail("\(error)") }
            XCTAssertEqual(failure, .held(lockPath: database + ".lock", databasePath: database, pid: getpid()))
            XCTAssertTrue(failure.description.contains("another homeward serve (pid \(getpid()))"), failure.description)
        }
        XCTAssertNoThrow(try ServingLock(databasePath: directory.file("other.sqlite")))
        withExtendedLifetime(first) {}
    }

    func testTheLockIsFreeAgainOnceItsHolderLetsGo() throws {
        let directory = try TemporaryDirectory()
        let database = directory.file("homeward.sqlite")
        var first: ServingLock? = try ServingLock(databasePath: database)
        XCTAssertNotNil(first)
        first = nil
        XCTAssertNoThrow(try ServingLock(databasePath: database))
    }

    func testTheDatabaseStaysWritableBesideTheLock() throws {
        let directory = try TemporaryDirectory()
        let database = directory.file("homeward.sqlite")
        let lock = try ServingLock(databasePath: database)
        let pool = try DatabasePool(path: database)
        try pool.write { db in try db.execute("CREATE TABLE t (x INTEGER) STRICT") }
        try pool.write { db in try db.execute("INSERT INTO t VALUES (1)") }
        let other = try DatabasePool(path: database)
        XCTAssertEqual(try other.read { db in try db.fetchOne("SELECT count(*) FROM t", map: { try $0.value(at: 0) as Int64 }) }, 1)
        try other.close()
        try pool.close()
        withExtendedLifetime(lock) {}
    }
}
