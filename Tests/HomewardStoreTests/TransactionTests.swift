import XCTest
@testable import HomewardStore

final class TransactionTests: XCTestCase {
    private struct Refusal: Error {}
    private var directory: TemporaryDirectory!
    private var database: SQLiteDatabase!

    override func setUpWithError() throws {
        directory = try TemporaryDirectory()
        database = try SQLiteDatabase(path: directory.file("transactions.sqlite"))
        try database.execute(sql: "CREATE TABLE t (x INTEGER)")
    }

    override func tearDown() {
        database = nil
        directory = nil
    }

    private func count() throws -> Int {
        try database.fetchOne("SELECT count(*) FROM t") ?? -1
    }

    func testTransactionCommitsWhenBodyReturns() throws {
        try database.inTransaction(.immediate) {
            try database.execute("INSERT INTO t VALUES (?)", 1)
        }
        XCTAssertEqual(try count(), 1)
        XCTAssertFalse(database.isInTransaction)
    }

    func testTransactionRollsBackWhenBodyThrows() throws {
        XCTAssertThrowsError(try database.inTransaction {
            try database.execute("INSERT INTO t VALUES (?)", 1)
            throw Refusal()
        })
        XCTAssertEqual(try count(), 0)
        XCTAssertFalse(database.isInTransaction)
    }

    func testThrowingSavepointRollsBackOnlyItsOwnChanges() throws {
        try database.inTransaction {
            try database.execute("INSERT INTO t VALUES (?)", 1)
            XCTAssertThrowsError(try database.inSavepoint {
                try database.execute("INSERT INTO t VALUES (?)", 2)
                throw Refusal()
            })
            try database.inSavepoint {
                try database.execute("INSERT INTO t VALUES (?)", 3)
            }
        }
        let values: [Int] = try database.fetchAll("SELECT x FROM t ORDER BY x")
        XCTAssertEqual(values, [1, 3])
    }

    func testNestedSavepointsUnwindIndependently() throws {
        try database.inSavepoint {
            try database.execute("INSERT INTO t VALUES (?)", 1)
            XCTAssertThrowsError(try database.inSavepoint {
                try database.inSavepoint {
                    try database.execute("INSERT INTO t VALUES (?)", 2)
                }
                throw Refusal()
            })
        }
        let values: [Int] = try database.fetchAll("SELECT x FROM t")
        XCTAssertEqual(values, [1])
    }
}
