import XCTest
@testable import HomewardStore

/// `WriteCacheSlot` on a connection: kept between transactions, emptied by every rollback, by another
/// connection's commit and on request, never kept on a read-only connection.
final class WriteCacheTests: XCTestCase {
    private struct Refusal: Error {}
    private static let slot = WriteCacheSlot<Int, String>(capacity: 3)
    private var directory: TemporaryDirectory!
    private var path: String!

    override func setUpWithError() throws {
        directory = try TemporaryDirectory()
        path = directory.file("cache.sqlite")
    }

    /// Counts how often the cache had to load.
    private final class Loads {
        var count = 0
        func load(_ value: String) -> String {
            count += 1
            return value
        }
    }

    func testLoadsOnceThenRemembers() throws {
        let db = try SQLiteDatabase(path: path)
        let loads = Loads()
        XCTAssertEqual(db.cached(Self.slot, 1) { loads.load("one") }, "one")
        XCTAssertEqual(db.cached(Self.slot, 1) { loads.load("changed") }, "one")
        XCTAssertEqual(loads.count, 1)
        db.setCached(Self.slot, 1, "written")
        XCTAssertEqual(db.cached(Self.slot, 1) { loads.load("changed") }, "written")
        db.updateCached(Self.slot, 1) { $0 += "!" }
        db.updateCached(Self.slot, 2) { $0 = "never loaded, so not set" }
        XCTAssertEqual(db.cached(Self.slot, 1) { loads.load("changed") }, "written!")
        XCTAssertEqual(db.cached(Self.slot, 2) { loads.load("two") }, "two")
        db.removeCached(Self.slot, 1)
        XCTAssertEqual(db.cached(Self.slot, 1) { loads.load("again") }, "again")
        XCTAssertEqual(loads.count, 3)
    }

    func testAFullCacheEmptiesRatherThanGrows() throws {
        let db = try SQLiteDatabase(path: path)
        for key in 1...3 { db.setCached(Self.slot, key, "\(key)") }
        XCTAssertEqual(db.cached(Self.slot, 3) { "loaded" }, "3")
        db.setCached(Self.slot, 4, "4")
        XCTAssertEqual(db.cached(Self.slot, 4) { "loaded" }, "4")
        XCTAssertEqual(db.cached(Self.slot, 1) { "loaded" }, "loaded", "the fourth key emptied the full cache")
    }

    func testARolledBackTransactionOrSavepointEmptiesIt() throws {
        let db = try SQLiteDatabase(path: path)
        XCTAssertThrowsError(try db.inTransaction(.immediate) {
            db.setCached(Self.slot, 1, "rolled back")
            throw Refusal()
        })
        XCTAssertEqual(db.cached(Self.slot, 1) { "loaded" }, "loaded")
        try db.inTransaction(.immediate) {
            db.setCached(Self.slot, 1, "kept")
            XCTAssertThrowsError(try db.inSavepoint {
                db.setCached(Self.slot, 2, "rolled back")
                throw Refusal()
            })
        }
        XCTAssertEqual(db.cached(Self.slot, 2) { "loaded" }, "loaded")
        XCTAssertEqual(db.cached(Self.slot, 1) { "loaded" }, "loaded", "every entry goes, not only the savepoint's")
    }

    func testAnotherConnectionsCommitEmptiesItWhenNoticed() throws {
        let db = try SQLiteDatabase(path: path)
        try db.execute(sql: "CREATE TABLE t (x INTEGER)")
        try db.noticeOtherConnectionsCommits()
        db.setCached(Self.slot, 1, "mine")
        try db.noticeOtherConnectionsCommits()
        XCTAssertEqual(db.cached(Self.slot, 1) { "loaded" }, "mine", "its own commits leave it")
        let other = try SQLiteDatabase(path: path)
        try other.execute("INSERT INTO t VALUES (1)")
        try db.noticeOtherConnectionsCommits()
        XCTAssertEqual(db.cached(Self.slot, 1) { "loaded" }, "loaded")
    }

    func testAReadOnlyConnectionNeverKeepsAnything() throws {
        _ = try SQLiteDatabase(path: path)
        let reader = try SQLiteDatabase(path: path, access: .readOnly)
        reader.setCached(Self.slot, 1, "ignored")
        XCTAssertEqual(reader.cached(Self.slot, 1) { "loaded" }, "loaded")
        XCTAssertEqual(reader.cached(Self.slot, 1) { "loaded again" }, "loaded again")
    }

    func testTheWriterEmptiesItWhenABlockOfTheGroupFails() throws {
        let pool = try DatabasePool(path: path)
        defer { try? pool.close() }
        try pool.write { db in db.setCached(Self.slot, 1, "committed") }
        XCTAssertEqual(try pool.write { db in db.cached(Self.slot, 1) { "loaded" } }, "committed")
        XCTAssertThrowsError(try pool.write { db in
            db.setCached(Self.slot, 1, "rolled back")
            throw Refusal()
        })
        XCTAssertEqual(try pool.write { db in db.cached(Self.slot, 1) { "loaded" } }, "loaded")
        // A change by another connection (an admin's sqlite3) is noticed when the next group begins.
        try pool.write { db in db.setCached(Self.slot, 1, "before the admin") }
        let admin = try SQLiteDatabase(path: path)
        try admin.execute(sql: "CREATE TABLE admin_was_here (x INTEGER)")
        XCTAssertEqual(try pool.write { db in db.cached(Self.slot, 1) { "loaded" } }, "loaded")
    }
}
