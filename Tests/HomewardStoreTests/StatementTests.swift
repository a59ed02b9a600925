import XCTest
@testable import HomewardStore

final class StatementTests: XCTestCase {
    private var directory: TemporaryDirectory!
    private var database: SQLiteDatabase!

    override func setUpWithError() throws {
        directory = try TemporaryDirectory()
        database = try SQLiteDatabase(path: directory.file("statements.sqlite"))
        try database.execute(sql: "CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE)")
    }

    override func tearDown() {
        database = nil
        directory = nil
    }

    func testSameSQLReusesTheCachedStatement() throws {
        let first = try database.statement("SELECT name FROM t WHERE id = ?")
        let second = try database.statement("SELECT name FROM t WHERE id = ?")
        XCTAssertTrue(first === second)
    }

    func testLiteralStatementsAreCachedByLiteralAndWork() throws {
        let insert: StaticString = "INSERT INTO t (name) VALUES (?)"
        let first = try database.statement(literal: insert)
        XCTAssertTrue(first === (try database.statement(literal: insert)))
        XCTAssertFalse(first === (try database.statement(literal: "SELECT count(*) FROM t")))
        try first.execute(["a"])
        try database.statement(literal: insert).execute(["b"])
        let count: Int? = try database.statement(literal: "SELECT count(*) FROM t").fetchOne { try $0.value(at: 0) }
        XCTAssertEqual(count, 2)
        XCTAssertThrowsError(try database.statement(literal: "NOT SQL"))
    }

    func testBindingInPlaceBindsNumbersAndNullsAndChecksTheCount() throws {
        try database.execute(sql: "CREATE TABLE numbers (i INTEGER, j INTEGER, x REAL, y REAL)")
        let insert = try database.statement(literal: "INSERT INTO numbers VALUES (?, ?, ?, ?)")
        try insert.execute { row in
            row.bind(Int64(7))
            row.bind(Int64?.none)
            row.bind(2.5)
            row.bind(Double?.none)
        }
        try insert.execute { row in
            row.bind(Int64(-1))
            row.bind(Int64?.some(3))
            row.bind(-0.25)
            row.bind(Double?.some(1e-5))
        }
        let rows = try database.fetchAll("SELECT i, j, x, y FROM numbers ORDER BY rowid") { row in
            "\(try row.value(at: 0) as Int64) \(try row.value(at: 1) as Int64?) \(try row.value(at: 2) as Double) \(try row.value(at: 3) as Double?)"
        }
        XCTAssertEqual(rows, ["7 nil 2.5 nil", "-1 Optional(3) -0.25 Optional(1e-05)"])
        XCTAssertThrowsError(try insert.execute { row in row.bind(Int64(1)) }) { error in
            XCTAssertTrue("\(error)".contains("takes 4 arguments, 1 given"), "\(error)")
        }
        let count: Int? = try database.fetchOne("SELECT count(*) FROM numbers")
        XCTAssertEqual(count, 2, "a short binding runs nothing")
    }

    func testCachedStatementIsResetAndClearedAfterEachUse() throws {
        try database.execute("INSERT INTO t (id, name) VALUES (?, ?)", 1, "a")
        try database.execute("INSERT INTO t (id, name) VALUES (?, ?)", 2, "b")
        let first: String? = try database.fetchOne("SELECT name FROM t WHERE id = ?", [1])
        let second: String? = try database.fetchOne("SELECT name FROM t WHERE id = ?", [2])
        XCTAssertEqual(first, "a")
        XCTAssertEqual(second, "b")
        // A statement left mid-step would keep the table locked; DROP TABLE proves it was reset.
        let anyName: String? = try database.fetchOne("SELECT name FROM t ORDER BY id")
        XCTAssertEqual(anyName, "a")
        try database.execute(sql: "DROP TABLE t")
    }

    func testInsertReportsRowIDAndChanges() throws {
        try database.execute("INSERT INTO t (name) VALUES (?)", "a")
        XCTAssertEqual(database.lastInsertRowID, 1)
        try database.execute("INSERT INTO t (name) VALUES (?)", "b")
        try database.execute("UPDATE t SET name = name || '!'")
        XCTAssertEqual(database.changes, 2)
    }

    func testConstraintViolationCarriesCodesAndSQL() throws {
        try database.execute("INSERT INTO t (name) VALUES (?)", "a")
        XCTAssertThrowsError(try database.execute("INSERT INTO t (name) VALUES (?)", "a")) { error in
            let databaseError = error as? DatabaseError
            XCTAssertEqual(databaseError?.resultCode, 19, "SQLITE_CONSTRAINT")
            XCTAssertEqual(databaseError?.extendedResultCode, 2067, "SQLITE_CONSTRAINT_UNIQUE")
            XCTAssertTrue(databaseError?.isConstraintViolation ?? false)
            XCTAssertEqual(databaseError?.sql, "INSERT INTO t (name) VALUES (?)")
            XCTAssertTrue(String(describing: error).contains("UNIQUE constraint failed: t.name"))
            XCTAssertTrue(String(describing: error).contains("INSERT INTO t (name) VALUES (?)"))
        }
    }

    func testSyntaxErrorCarriesTheFailingSQL() throws {
        XCTAssertThrowsError(try database.execute(sql: "CREATE TABLE ok (x); SELEC 1")) { error in
            let databaseError = error as? DatabaseError
            XCTAssertEqual(databaseError?.resultCode, 1, "SQLITE_ERROR")
            XCTAssertEqual(databaseError?.sql, "SELEC 1")
            XCTAssertTrue(databaseError?.message.contains("syntax error") ?? false)
        }
    }

    func testStatementRefusesMoreThanOneStatement() throws {
        XCTAssertThrowsError(try database.statement("SELECT 1; SELECT 2"))
        XCTAssertNoThrow(try database.statement("SELECT 1;"))
    }

    func testRerunningAStatementFromInsideItsOwnRowsIsRefused() throws {
        try database.execute("INSERT INTO t (name) VALUES (?)", "a")
        let sql = "SELECT name FROM t"
        XCTAssertThrowsError(try database.query(sql) { _ in
            _ = try database.fetchAll(sql) { try $0.value(at: 0) as String }
        })
        let names: [String] = try database.fetchAll(sql)
        XCTAssertEqual(names, ["a"], "the statement is usable again afterwards")
    }

    func testUnknownNamedParameterIsAnError() throws {
        XCTAssertThrowsError(try database.execute("INSERT INTO t (name) VALUES (:name)", arguments: ["nmae": "a"]))
    }

    func testUnknownColumnNameIsAnError() throws {
        try database.execute("INSERT INTO t (name) VALUES (?)", "a")
        XCTAssertThrowsError(try database.fetchOne("SELECT name FROM t") { try $0.value(named: "missing") as String })
    }

    func testColumnsReadByNameInAnyOrderFindTheirOwnColumn() throws {
        try database.execute("INSERT INTO t (id, name) VALUES (?, ?)", 7, "a")
        let sql = "SELECT id, name, id * 2 AS twice, upper(name) AS NAME_UPPER FROM t"
        for _ in 0..<2 {
            let read = try XCTUnwrap(database.fetchOne(sql) { row in
                (try row.value(named: "twice") as Int, try row.value(named: "id") as Int, try row.value(named: "name_upper") as String,
                 try row.value(named: "name") as String, try row.value(named: "NAME") as String, try row.value(named: "twice") as Int)
            })
            XCTAssertEqual(read.0, 14)
            XCTAssertEqual(read.1, 7)
            XCTAssertEqual(read.2, "A")
            XCTAssertEqual(read.3, "a")
            XCTAssertEqual(read.4, "a")
            XCTAssertEqual(read.5, 14)
        }
    }

    func testANameTwiceInTheSelectListReadsItsFirstColumnWhateverWasReadBefore() throws {
        try database.execute("INSERT INTO t (id, name) VALUES (?, ?)", 7, "a")
        let read = try XCTUnwrap(database.fetchOne("SELECT id, name, 'other' AS id, 'x' AS ID2 FROM t") { row in
            (try row.value(named: "name") as String, try row.value(named: "id") as Int, try row.value(named: "ID") as Int)
        })
        XCTAssertEqual(read.0, "a")
        XCTAssertEqual(read.1, 7, "after `name`, the next column is the second `id`: the first one is read")
        XCTAssertEqual(read.2, 7)
    }

    func testOpeningSetsWALForeignKeysAndFullSync() throws {
        let journal: String? = try database.fetchOne("PRAGMA journal_mode")
        let foreignKeys: Int? = try database.fetchOne("PRAGMA foreign_keys")
        let synchronous: Int? = try database.fetchOne("PRAGMA synchronous")
        XCTAssertEqual(journal, "wal")
        XCTAssertEqual(foreignKeys, 1)
        XCTAssertEqual(synchronous, 2, "FULL")
    }

    func testReadOnlyConnectionRefusesWrites() throws {
        let reader = try SQLiteDatabase(path: directory.file("statements.sqlite"), access: .readOnly)
        XCTAssertThrowsError(try reader.execute("INSERT INTO t (name) VALUES (?)", "x"))
        let count: Int? = try reader.fetchOne("SELECT count(*) FROM t")
        XCTAssertEqual(count, 0)
    }
}
