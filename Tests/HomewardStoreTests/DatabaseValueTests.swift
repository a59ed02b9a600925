import XCTest
@testable import HomewardStore

final class DatabaseValueTests: XCTestCase {
    private var directory: TemporaryDirectory!
    private var database: SQLiteDatabase!

    override func setUpWithError() throws {
        directory = try TemporaryDirectory()
        database = try SQLiteDatabase(path: directory.file("values.sqlite"))
        try database.execute(sql: "CREATE TABLE v (i INTEGER, r REAL, t TEXT, b BLOB, n INTEGER)")
    }

    override func tearDown() {
        database = nil
        directory = nil
    }

    func testEveryTypeRoundTripsByPosition() throws {
        let blob: [UInt8] = [0, 1, 2, 255, 0]
        try database.execute("INSERT INTO v (i, r, t, b, n) VALUES (?, ?, ?, ?, ?)",
                             Int64.max, 2.5, "Zoë 🧭 東京", blob, nil as Int?)
        let row = try XCTUnwrap(database.fetchOne("SELECT i, r, t, b, n FROM v") { row in
            (try row.value(at: 0) as Int64, try row.value(at: 1) as Double, try row.value(at: 2) as String,
             try row.value(at: 3) as [UInt8], try row.value(at: 4) as Int?)
        })
        XCTAssertEqual(row.0, Int64.max)
        XCTAssertEqual(row.1, 2.5)
        XCTAssertEqual(row.2, "Zoë 🧭 東京")
        XCTAssertEqual(row.3, blob)
        XCTAssertNil(row.4)
    }

    func testNamedArgumentsBindWithOrWithoutColon() throws {
        try database.execute("INSERT INTO v (i, t) VALUES (:id, :name)", arguments: ["id": 7, ":name": "Ada"])
        let name: String? = try database.fetchOne("SELECT t FROM v WHERE i = :id", ["id": 7])
        XCTAssertEqual(name, "Ada")
    }

    func testColumnsReadByNameIgnoringCase() throws {
        try database.execute("INSERT INTO v (i, t) VALUES (?, ?)", 1, "x")
        let text = try database.fetchOne("SELECT i AS Identifier, t FROM v") { row in
            try row.value(named: "identifier") as Int
        }
        XCTAssertEqual(text, 1)
    }

    func testBoolIntAndNegativeIntegersRoundTrip() throws {
        try database.execute("INSERT INTO v (i, n, b) VALUES (?, ?, ?)", true, Int.min, false)
        let values = try XCTUnwrap(database.fetchOne("SELECT i, n, b FROM v") { row in
            (try row.value(at: 0) as Bool, try row.value(at: 1) as Int, try row.value(at: 2) as Bool)
        })
        XCTAssertTrue(values.0)
        XCTAssertEqual(values.1, Int.min)
        XCTAssertFalse(values.2)
    }

    func testEmptyTextAndEmptyBlobAreNotNull() throws {
        try database.execute("INSERT INTO v (t, b) VALUES (?, ?)", "", [UInt8]())
        let types = try XCTUnwrap(database.fetchOne("SELECT typeof(t), typeof(b), t, b FROM v") { row in
            (try row.value(at: 0) as String, try row.value(at: 1) as String,
             try row.value(at: 2) as String, try row.value(at: 3) as [UInt8])
        })
        XCTAssertEqual(types.0, "text")
        XCTAssertEqual(types.1, "blob")
        XCTAssertEqual(types.2, "")
        XCTAssertEqual(types.3, [])
    }

    func testTextWithEmbeddedNulKeepsItsFullLength() throws {
        try database.execute("INSERT INTO v (t) VALUES (?)", "a\u{0}b")
        let length: Int? = try database.fetchOne("SELECT length(CAST(t AS BLOB)) FROM v")
        let text: String? = try database.fetchOne("SELECT t FROM v")
        XCTAssertEqual(length, 3)
        XCTAssertEqual(text, "a\u{0}b")
    }

    func testReadingNullAsNonOptionalIsAMismatchError() throws {
        try database.execute("INSERT INTO v (n) VALUES (NULL)")
        XCTAssertThrowsError(try database.fetchOne("SELECT n FROM v") { try $0.value(at: 0) as Int }) { error in
            XCTAssertEqual((error as? DatabaseError)?.resultCode, 20, "SQLITE_MISMATCH")
        }
    }

    func testTextNeverSilentlyBecomesANumber() throws {
        try database.execute("INSERT INTO v (t) VALUES ('12')")
        XCTAssertThrowsError(try database.fetchOne("SELECT t FROM v") { try $0.value(at: 0) as Int })
    }

    func testWrongArgumentCountIsRefused() throws {
        XCTAssertThrowsError(try database.execute("INSERT INTO v (i, t) VALUES (?, ?)", 1)) { error in
            XCTAssertEqual((error as? DatabaseError)?.resultCode, 21, "SQLITE_MISUSE")
        }
    }

    func testRowCopiesOutEveryValue() throws {
        try database.execute("INSERT INTO v (i, r, t, b, n) VALUES (1, 1.5, 'x', x'00', NULL)")
        let values = try database.fetchOne("SELECT i, r, t, b, n FROM v") { try $0.databaseValues() }
        XCTAssertEqual(values, [.integer(1), .real(1.5), .text("x"), .blob([0]), .null])
    }
}
