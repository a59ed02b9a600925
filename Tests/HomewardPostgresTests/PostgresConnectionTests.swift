import HomewardStore
import XCTest
@testable import HomewardPostgres

final class PostgresConnectionTests: XCTestCase {
    func testValuesRoundTripAsTheSQLiteRowsReadThem() throws {
        let db = try PostgresTestServer.connect()
        try db.execute("CREATE TEMP TABLE samples (id BIGINT PRIMARY KEY, lat DOUBLE PRECISION, note TEXT, digest BYTEA, seen BOOLEAN)")
        let digest: [UInt8] = [0, 1, 0x7F, 0x80, 0xFE, 0xFF]
        try db.execute("INSERT INTO samples VALUES ($1, $2, $3, $4, $5)", arguments: [1, 51.5012345, "café ☕ 'quoted'", digest, true])
        try db.execute("INSERT INTO samples VALUES ($1, $2, $3, $4, $5)", arguments: [2, -0.1201, nil, [UInt8](), false])
        let rows = try db.fetchAll("SELECT seen, digest, note, lat, id FROM samples ORDER BY id") { row in
            (id: try row.value(named: "id") as Int64, lat: try row.value(named: "lat") as Double,
             note: try row.value(named: "note") as String?, digest: try row.value(named: "digest") as [UInt8],
             seen: try row.value(named: "seen") as Bool)
        }
        XCTAssertEqual(rows.count, 2)
        XCTAssertEqual(rows[0].id, 1)
        XCTAssertEqual(rows[0].lat.bitPattern, 51.5012345.bitPattern)
        XCTAssertEqual(rows[0].note, "café ☕ 'quoted'")
        XCTAssertEqual(rows[0].digest, digest)
        XCTAssertTrue(rows[0].seen)
        XCTAssertNil(rows[1].note)
        XCTAssertEqual(rows[1].digest, [])
        XCTAssertFalse(rows[1].seen)
        // SUM over integers is numeric in PostgreSQL: an integral one reads as an integer, as in SQLite.
        XCTAssertEqual(try db.fetchOne("SELECT SUM(id) FROM samples") as Int?, 3)
        XCTAssertEqual(try db.fetchOne("SELECT COUNT(*) FROM samples") as Int?, 2)
        XCTAssertNil(try db.fetchOne("SELECT note FROM samples WHERE id = $1", [42]) as String?)
    }

    func testAColumnReadAsTheWrongTypeOrNameIsAnErrorNotAZero() throws {
        let db = try PostgresTestServer.connect()
        // Rows of either engine refuse alike (`Row`): SQLite's result codes, MISMATCH and MISUSE.
        XCTAssertThrowsError(try db.fetchOne("SELECT 'x' AS name") { try $0.value(named: "name") as Int }) { error in
            XCTAssertEqual((error as? DatabaseError)?.resultCode, 20)
        }
        XCTAssertThrowsError(try db.fetchOne("SELECT 1 AS one") { try $0.value(named: "two") as Int }) { error in
            XCTAssertEqual((error as? DatabaseError)?.resultCode, 21)
        }
    }

    func testAStatementRunTwiceIsPreparedOnceAndTakesNewArguments() throws {
        let db = try PostgresTestServer.connect()
        let sql = "SELECT $1::bigint * 2 AS doubled"
        XCTAssertEqual(try db.fetchOne(sql, [21]) as Int?, 42)
        XCTAssertEqual(try db.fetchOne(sql, [5]) as Int?, 10)
        XCTAssertEqual(try db.fetchOne("SELECT COUNT(*) FROM pg_prepared_statements WHERE statement = $1", [sql]) as Int?, 1)
    }

    func testAUniqueViolationIsNamedAndItsTransactionLeavesNothing() throws {
        let db = try PostgresTestServer.connect()
        try db.execute("CREATE TEMP TABLE accounts (phone TEXT PRIMARY KEY)")
        XCTAssertThrowsError(try db.inTransaction {
            try db.execute("INSERT INTO accounts VALUES ($1)", arguments: ["+4915112345678"])
            try db.execute("INSERT INTO accounts VALUES ($1)", arguments: ["+4915112345678"])
        }) { error in
            let failure = error as? PostgresError
            XCTAssertEqual(failure?.isUniqueViolation, true)
            XCTAssertEqual(failure?.isConstraintViolation, true)
            XCTAssertEqual(failure?.isConnectionFailure, false)
        }
        XCTAssertEqual(try db.fetchOne("SELECT COUNT(*) FROM accounts") as Int?, 0)
        try db.inTransaction { try db.execute("INSERT INTO accounts VALUES ($1)", arguments: ["+4915112345678"]) }
        XCTAssertEqual(try db.fetchOne("SELECT COUNT(*) FROM accounts") as Int?, 1)
    }

    func testSavepointsGoWithTheNextStatementAndUndoOnlyTheirOwnWork() throws {
        struct Refusal: Error {}
        let db = try PostgresTestServer.connect()
        try db.execute("CREATE TEMP TABLE marks (n BIGINT PRIMARY KEY)")
        let insert = "INSERT INTO marks VALUES ($1)"
        try db.inTransaction(isolation: .serializable) {
            try db.inSavepoint { try db.execute(insert, arguments: [1]) }
            // Sent with the release of the one before and its own savepoint, in one round trip.
            XCTAssertThrowsError(try db.inSavepoint { try db.execute(insert, arguments: [1]) }) { error in
                XCTAssertEqual((error as? PostgresError)?.isUniqueViolation, true)
            }
            // Nothing ran in it: nothing is sent, nothing is undone.
            XCTAssertThrowsError(try db.inSavepoint { throw Refusal() })
            try db.inSavepoint { try db.inSavepoint { try db.execute(insert, arguments: [2]) } }
            try db.inSavepoint {}
        }
        XCTAssertEqual(try db.fetchAll("SELECT n FROM marks ORDER BY n") as [Int], [1, 2])
        XCTAssertThrowsError(try db.inTransaction(readOnly: true) { try db.execute("CREATE TABLE refused (n BIGINT)") }) { error in
            XCTAssertEqual((error as? PostgresError)?.sqlState, "25006", "refused by the transaction its held-back BEGIN opened")
        }
        try db.inTransaction {}
        XCTAssertEqual(try db.fetchAll("SELECT n FROM marks ORDER BY n") as [Int], [1, 2], "the connection goes on")
    }

    func testAReadOnlyTransactionsCommitIsReadBeforeTheNextStatement() throws {
        let db = try PostgresTestServer.connect()
        let other = try PostgresTestServer.connect()
        try other.execute("DROP TABLE IF EXISTS read_marks")
        try other.execute("CREATE TABLE read_marks (n BIGINT PRIMARY KEY)")
        defer { try? other.execute("DROP TABLE read_marks") }
        for n in 1...3 {
            let seen = try db.inTransaction(isolation: .repeatableRead, readOnly: true) {
                try db.fetchOne("SELECT count(*) FROM read_marks") as Int?
            }
            XCTAssertEqual(seen, n - 1, "each read sees what was committed before it: the last one ended")
            try other.execute("INSERT INTO read_marks VALUES ($1)", arguments: [n])
        }
        XCTAssertEqual(try db.fetchOne("SELECT count(*) FROM read_marks") as Int?, 3)
        try db.inTransaction { try db.execute("INSERT INTO read_marks VALUES ($1)", arguments: [4]) }
        try db.listen("homeward_read_marks")
        XCTAssertEqual(try other.fetchOne("SELECT count(*) FROM read_marks") as Int?, 4)
    }

    func testACommitTheServerAnswersWithRollbackIsAFailureAndKeepsNothing() throws {
        let db = try PostgresTestServer.connect()
        try db.execute("CREATE TEMP TABLE marks (n BIGINT PRIMARY KEY)")
        XCTAssertThrowsError(try db.inTransaction {
            try db.execute("INSERT INTO marks VALUES ($1)", arguments: [1])
            // A failure the block swallows leaves the transaction failed: its COMMIT rolls back.
            XCTAssertThrowsError(try db.execute("SELECT 1 / 0"))
        }) { error in
            XCTAssertEqual((error as? PostgresError)?.sqlState, "40000")
        }
        XCTAssertEqual(try db.fetchOne("SELECT count(*) FROM marks") as Int?, 0)
    }

    func testTheServersWarningsGoToTheLogAndTheConnectionsReceiver() throws {
        let db = try PostgresTestServer.connect()
        let received = ReceivedNotices()
        db.onServerNotice = { received.append($0) }
        try db.executeScript("DO $$ BEGIN RAISE WARNING 'the check found %', 3; END $$")
        XCTAssertEqual(received.all, [PostgresServerNotice(severity: "WARNING", sqlState: "01000", message: "the check found 3")])
    }

    func testACommitThatFailedIsNotFollowedByAStrayRollback() throws {
        let db = try PostgresTestServer.connect()
        try db.execute("CREATE TEMP TABLE seats (n BIGINT UNIQUE DEFERRABLE INITIALLY DEFERRED)")
        let received = ReceivedNotices()
        db.onServerNotice = { received.append($0) }
        // The deferred check fails at COMMIT, which ends the transaction: nothing is left to roll back.
        XCTAssertThrowsError(try db.inTransaction {
            try db.execute("INSERT INTO seats VALUES ($1)", arguments: [1])
            try db.execute("INSERT INTO seats VALUES ($1)", arguments: [1])
        }) { error in
            XCTAssertEqual((error as? PostgresError)?.sqlState, "23505")
        }
        XCTAssertEqual(try db.fetchOne("SELECT count(*) FROM seats") as Int?, 0)
        XCTAssertEqual(received.all, [], "no 'there is no transaction in progress' warning")
        // A transaction that fails before its COMMIT is still rolled back.
        XCTAssertThrowsError(try db.inTransaction {
            try db.execute("INSERT INTO seats VALUES ($1)", arguments: [2])
            try db.execute("SELECT 1 / 0")
        })
        try db.inTransaction { try db.execute("INSERT INTO seats VALUES ($1)", arguments: [3]) }
        XCTAssertEqual(try db.fetchAll("SELECT n FROM seats") as [Int], [3])
        XCTAssertEqual(received.all, [])
    }

    func testTransactionsDoNotNest() throws {
        let db = try PostgresTestServer.connect()
        XCTAssertThrowsError(try db.inTransaction { try db.inTransaction {} }) { error in
            XCTAssertEqual((error as? PostgresError)?.sqlState, "25001")
        }
        XCTAssertEqual(try db.fetchOne("SELECT 1") as Int?, 1, "the outer transaction was rolled back and the connection works")
    }

    func testTextWithANulCharacterIsRefusedRatherThanCutShort() throws {
        let db = try PostgresTestServer.connect()
        XCTAssertThrowsError(try db.execute("SELECT $1::text", arguments: ["a\u{0}b"])) { error in
            XCTAssertEqual((error as? PostgresError)?.sqlState, "22021")
        }
    }

    func testANotificationReachesAListenerOnlyWhenItsTransactionCommits() throws {
        let listener = try PostgresTestServer.connect()
        let sender = try PostgresTestServer.connect()
        try listener.listen("homeward_events")
        try sender.inTransaction {
            try sender.notify("homeward_events", payload: "fix 1")
            XCTAssertEqual(try listener.notifications(waitingUpTo: 50), [], "nothing before the commit")
        }
        let received = try listener.notifications(waitingUpTo: 5_000)
        XCTAssertEqual(received.map(\.payload), ["fix 1"])
        XCTAssertEqual(received.first?.channel, "homeward_events")
        XCTAssertThrowsError(try listener.listen("events; DROP TABLE x"))
    }

    func testAServerThatIsNotThereIsAConnectionFailure() {
        XCTAssertThrowsError(try PostgresConnection(url: "postgres://homeward@127.0.0.1:1/none?connect_timeout=2")) { error in
            XCTAssertEqual((error as? PostgresError)?.isConnectionFailure, true)
        }
    }
}

/// The notices a connection's receiver got, in order.
private final class ReceivedNotices: @unchecked Sendable {
    private(set) var all: [PostgresServerNotice] = []
    func append(_ notice: PostgresServerNotice) { all.append(notice) }
}
