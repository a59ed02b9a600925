import Foundation
import HomewardStore
import XCTest
@testable import HomewardPostgres

/// Writes whose effect the caller predicts: held back to travel with the next statement or the
/// COMMIT, a wrong prediction failing the transaction, and the group writer running the group again
/// with every write answered so that each block gets its own outcome.
final class PostgresHeldBackWriteTests: XCTestCase {
    private let insert = "INSERT INTO marks VALUES (?) ON CONFLICT DO NOTHING"

    private func connection() throws -> PostgresConnection {
        let db = try PostgresTestServer.connect()
        try db.execute("CREATE TEMP TABLE marks (n BIGINT PRIMARY KEY)")
        db.defersPredictedWrites = true
        return db
    }

    private func count(_ db: PostgresConnection) throws -> Int? {
        try db.fetchOne("SELECT count(*) FROM marks")
    }

    func testTheQueriesOfABatchGoInOneRoundTripAfterTheHeldBackWritesAndAreReadInOrder() throws {
        let db = try connection()
        var read: [String] = []
        func batch() -> QueryBatch {
            var batch = QueryBatch()
            batch.add("SELECT n FROM marks ORDER BY n", [], row: { row in read.append("n \(try row.value(named: "n") as Int64)") },
                      finish: { read.append("first read") })
            batch.add("SELECT count(*) AS c FROM marks WHERE n > ?", [0], row: { row in read.append("count \(try row.value(named: "c") as Int64)") },
                      finish: { read.append("second read") })
            return batch
        }
        try db.inTransaction(isolation: .serializable) {
            let before = db.pipelinesSent
            // With the transaction's held-back BEGIN: one round trip.
            try db.run(batch())
            XCTAssertEqual(db.pipelinesSent - before, 1)
            XCTAssertEqual(read, ["first read", "count 0", "second read"])
            read = []
            try db.execute(insert, expectingChanges: 1) { $0.bind(Int64(7)) }
            try db.run(batch())
            XCTAssertEqual(db.pipelinesSent - before, 3, "the held-back write first, then the queries")
            XCTAssertEqual(read, ["n 7", "first read", "count 1", "second read"], "the queries see the write")
        }
        var failing = QueryBatch()
        failing.add("SELECT n FROM marks", [], row: { _ in read.append("row") }, finish: { read.append("finished") })
        failing.add("SELECT n FROM no_such_table", [], row: { _ in read.append("row") }, finish: { read.append("finished") })
        read = []
        XCTAssertThrowsError(try db.inTransaction { try db.run(failing) }) { error in
            XCTAssertEqual((error as? PostgresError)?.sqlState, "42P01")
        }
        XCTAssertEqual(read, [], "nothing of a batch that failed is read")
        XCTAssertEqual(try count(db), 1, "the connection goes on")
    }

    func testPredictedWritesWaitForTheCommitAndAreAllKept() throws {
        let db = try connection()
        XCTAssertFalse(db.defersWrites, "outside a transaction a write runs at once")
        try db.inTransaction(isolation: .serializable) {
            XCTAssertTrue(db.defersWrites)
            for n in 1...3 { try db.execute(insert, expectingChanges: 1) { $0.bind(Int64(n)) } }
            try db.inSavepoint { try db.execute(insert, expectingChanges: 1) { $0.bind(Int64(4)) } }
        }
        XCTAssertEqual(try count(db), 4)
    }

    func testAPredictedWriteSeenByALaterStatementWasSentBeforeIt() throws {
        let db = try connection()
        try db.inTransaction {
            try db.execute(insert, expectingChanges: 1) { $0.bind(Int64(1)) }
            XCTAssertEqual(try count(db), 1, "a read sends the held-back writes ahead of itself")
        }
    }

    func testAWrongPredictionFailsTheCommitAndKeepsNothingEvenIfTheBlockCaughtIt() throws {
        let db = try connection()
        try db.inTransaction { try db.execute(insert, arguments: [1]) }
        XCTAssertThrowsError(try db.inTransaction {
            try db.execute(insert, expectingChanges: 1) { $0.bind(Int64(2)) }
            try db.execute(insert, expectingChanges: 1) { $0.bind(Int64(1)) }
            // The error surfaces here, and this block swallows it: the COMMIT still refuses.
            _ = try? db.fetchOne("SELECT 1") as Int?
        }) { error in
            XCTAssertEqual((error as? PostgresError)?.isHeldBackWriteFailure, true)
            XCTAssertEqual((error as? PostgresError)?.sqlState, PostgresError.wrongPredictionState)
        }
        XCTAssertEqual(try count(db), 1, "neither write of the failed transaction was kept")
        db.defersPredictedWrites = false
        try db.inTransaction {
            XCTAssertThrowsError(try db.execute(insert, expectingChanges: 1) { $0.bind(Int64(1)) }, "answered at once, checked at once")
        }
    }

    func testAHeldBackWriteRolledBackWithItsSavepointIsNeverSent() throws {
        struct Refusal: Error {}
        let db = try connection()
        try db.inTransaction {
            try db.execute(insert, expectingChanges: 1) { $0.bind(Int64(1)) }
            XCTAssertThrowsError(try db.inSavepoint {
                try db.execute(insert, expectingChanges: 1) { $0.bind(Int64(2)) }
                try db.inSavepoint { try db.execute(insert, expectingChanges: 1) { $0.bind(Int64(3)) } }
                throw Refusal()
            })
            try db.inSavepoint { try db.execute(insert, expectingChanges: 1) { $0.bind(Int64(4)) } }
        }
        XCTAssertEqual(try db.fetchAll("SELECT n FROM marks ORDER BY n") as [Int], [1, 4])
    }

    /// Rows of one shape (`insertRows`) held back by many blocks go in one statement of one array a
    /// column: numbers and NULL arrive as bound, an upsert's repeated key lands after the first (the
    /// last one wins), and a block rolled back takes its rows with it.
    func testRowsOfManyBlocksMergeIntoOneStatementInTheirOrder() throws {
        struct Refusal: Error {}
        let db = try connection()
        try db.execute("CREATE TEMP TABLE notes (k BIGINT PRIMARY KEY, v DOUBLE PRECISION, n BIGINT)")
        let upsert = RowInsert(
            table: "notes", columns: [.init("k", "bigint"), .init("v", "double precision"), .init("n", "bigint")],
            conflictClause: "ON CONFLICT (k) DO UPDATE SET v = excluded.v, n = excluded.n", keyColumnCount: 1)
        func note(_ k: Int64, _ v: Double?, _ n: Int64?) -> (inout ParameterBinder) -> Void {
            { row in
                row.bind(k)
                row.bind(v)
                row.bind(n)
            }
        }
        try db.inTransaction(isolation: .serializable) {
            try db.inSavepoint { try db.insertRows(upsert, count: 1, binding: note(1, 1.5, 10)) }
            try db.inSavepoint { try db.insertRows(upsert, count: 1, binding: note(2, nil, Int64.min)) }
            try db.inSavepoint { try db.insertRows(upsert, count: 1, binding: note(1, -0.25, nil)) }
            XCTAssertThrowsError(try db.inSavepoint {
                try db.insertRows(upsert, count: 1, binding: note(7, 7, 7))
                _ = try db.fetchOne("SELECT 1") as Int?
                throw Refusal()
            })
            try db.inSavepoint {
                try db.insertRows(upsert, count: 2) { row in
                    note(3, 3e-7, nil)(&row)
                    note(4, 1e300, Int64.max)(&row)
                }
            }
        }
        let rows = try db.fetchAll("SELECT k, v, n FROM notes ORDER BY k") { row in
            "\(try row.value(named: "k") as Int64) \(try row.value(named: "v") as Double?, default: "nil") \(try row.value(named: "n") as Int64?, default: "nil")"
        }
        XCTAssertEqual(rows, ["1 -0.25 nil", "2 nil \(Int64.min)", "3 3e-07 nil", "4 1e+300 \(Int64.max)"])
    }

    func testMergedRowsThatChangeOtherRowsThanPredictedFailTheCommit() throws {
        let db = try connection()
        let marks = RowInsert(table: "marks", columns: [.init("n", "bigint")], conflictClause: "ON CONFLICT DO NOTHING")
        try db.inTransaction { try db.execute(insert, arguments: [2]) }
        XCTAssertThrowsError(try db.inTransaction {
            try db.inSavepoint { try db.insertRows(marks, count: 1) { $0.bind(Int64(1)) } }
            try db.inSavepoint { try db.insertRows(marks, count: 2) { $0.bind(Int64(2)); $0.bind(Int64(3)) } }
        }) { error in XCTAssertEqual((error as? PostgresError)?.isHeldBackWriteFailure, true, "\(error)") }
        XCTAssertEqual(try db.fetchAll("SELECT n FROM marks ORDER BY n") as [Int], [2])
        db.defersPredictedWrites = false
        try db.inTransaction {
            try db.insertRows(marks, count: 2) { $0.bind(Int64(4)); $0.bind(Int64(5)) }
            XCTAssertThrowsError(try db.insertRows(marks, count: 1) { $0.bind(Int64(4)) }, "answered at once, checked at once")
        }
        XCTAssertEqual(try db.fetchAll("SELECT n FROM marks ORDER BY n") as [Int], [2, 4, 5])
    }

    func testWriteCachesLiveForOneTransactionOnly() throws {
        let slot = WriteCacheSlot<Int, Int>()
        let db = try connection()
        db.keepsWriteCaches = true
        var loads = 0
        try db.inTransaction {
            XCTAssertEqual(db.cached(slot, 1) { loads += 1; return 10 }, 10)
            XCTAssertEqual(db.cached(slot, 1) { loads += 1; return 11 }, 10, "kept within the transaction")
        }
        try db.inTransaction {
            XCTAssertEqual(db.cached(slot, 1) { loads += 1; return 12 }, 12, "another node may have written since")
        }
        XCTAssertEqual(db.cached(slot, 1) { loads += 1; return 13 }, 13, "none outside a transaction")
        XCTAssertEqual(loads, 3)
    }

    func testAGroupWithAWrongPredictionRunsAgainAndOnlyTheWrongBlockFails() throws {
        let table = "held_back_\(UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: ""))"
        let admin = try PostgresTestServer.connect()
        try admin.execute("CREATE TABLE \(table) (n BIGINT PRIMARY KEY)")
        defer { try? admin.execute("DROP TABLE \(table)") }
        try admin.execute("INSERT INTO \(table) VALUES (1)")
        let pool = try PostgresPool(url: PostgresTestServer.url())
        defer { pool.close() }
        let sql = "INSERT INTO \(table) VALUES (?) ON CONFLICT DO NOTHING"
        let outcomes = OutcomeList()
        let done = DispatchGroup()
        // Queued together, the blocks share one group; the one predicting a new row for 1 is wrong.
        for n in [2, 1, 3] {
            done.enter()
            pool.submitWrite(touching: [Int64(n)], { db in
                try db.execute(sql, expectingChanges: 1) { $0.bind(Int64(n)) }
            }, completion: { result in
                outcomes.append(n, result)
                done.leave()
            })
        }
        done.wait()
        XCTAssertEqual(outcomes.failed, [1], outcomes.errors)
        XCTAssertEqual(try admin.fetchAll("SELECT n FROM \(table) ORDER BY n") as [Int], [1, 2, 3])
    }

    func testAGroupThatLostARaceAtAHeldBackWriteRunsAgainStillHoldingWritesBack() throws {
        let pool = try PostgresPool(url: PostgresTestServer.url())
        defer { pool.close() }
        let runs = HoldingBackSeen()
        // The first run fails as a held-back write does when another node's group won the race
        // (40001 at the COMMIT's pipeline): that says nothing about the predictions.
        try pool.write { db in
            let holding = (db as? PostgresConnection)?.defersPredictedWrites ?? false
            if runs.append(holding) == 1 {
                var lost = PostgresError(sqlState: "40001", message: "could not serialize access")
                lost.isHeldBackWriteFailure = true
                throw lost
            }
        }
        XCTAssertEqual(runs.list, [true, true], "run again with its writes still held back, not one at a time")
    }

    func testAGroupThatKeepsLosingRacesRunsAloneWithTheNamedTableLockedBeforeItsSnapshot() throws {
        let table = "alone_\(UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: ""))"
        let admin = try PostgresTestServer.connect()
        try admin.execute("CREATE TABLE \(table) (n BIGINT PRIMARY KEY)")
        defer { try? admin.execute("DROP TABLE \(table)") }
        var limits = PostgresPoolLimits()
        limits.runAloneAfterLostRaces = 2
        limits.tablesLockedToRunAlone = [table]
        let pool = try PostgresPool(url: PostgresTestServer.url(), limits: limits)
        defer { pool.close() }
        let runs = HoldingBackSeen()
        try pool.write { db in
            let locked: Int? = try db.fetchOne(
                "SELECT count(*) FROM pg_locks WHERE pid = pg_backend_pid() AND relation = to_regclass(?) AND mode = 'ExclusiveLock'",
                [table])
            if runs.append(locked == 1) <= 2 { throw PostgresError(sqlState: "40001", message: "could not serialize access") }
            try db.execute("INSERT INTO \(table) VALUES (1)")
        }
        XCTAssertEqual(runs.list, [false, false, true], "alone only after two lost races")
        XCTAssertEqual(try admin.fetchAll("SELECT n FROM \(table)") as [Int], [1])
        // Another connection may still read the table meanwhile (EXCLUSIVE lets reads through).
        let reads = HoldingBackSeen()
        try pool.write { db in
            if reads.append(true) <= 2 { throw PostgresError(sqlState: "40001", message: "could not serialize access") }
            XCTAssertEqual(try admin.fetchOne("SELECT count(*) FROM \(table)") as Int?, 1, "a read is not held by the lock")
        }
    }
}

/// Whether each run of a write block had its predicted writes held back, in order.
private final class HoldingBackSeen: @unchecked Sendable {
    // @unchecked Sendable: `runs` is guarded by `lock`.
    private let lock = NSLock()
    private var runs: [Bool] = []

    /// Records a run; how many there were, this one included.
    func append(_ holding: Bool) -> Int {
        lock.lock()
        defer { lock.unlock() }
        runs.append(holding)
        return runs.count
    }

    var list: [Bool] {
        lock.lock()
        defer { lock.unlock() }
        return runs
    }
}

/// The outcomes of submitted writes, from the writer's thread.
private final class OutcomeList: @unchecked Sendable {
    // @unchecked Sendable: `list` is guarded by `lock`.
    private let lock = NSLock()
    private var list: [(Int, Bool)] = []
    private var failures: [String] = []

    func append(_ n: Int, _ result: Result<Void, any Error>) {
        lock.lock()
        defer { lock.unlock() }
        switch result {
        case .success: list.append((n, true))
        case .failure(let error):
            list.append((n, false))
            failures.append("\(n): \(error)")
        }
    }

    /// What each failed write said.
    var errors: String {
        lock.lock()
        defer { lock.unlock() }
        return failures.joined(separator: "; ")
    }

    var failed: [Int] {
        lock.lock()
        defer { lock.unlock() }
        return list.filter { !$0.1 }.map(\.0).sorted()
    }
}

/// Many held-back rows of a plain insert go by `COPY` in PostgreSQL's binary format: the values
/// arrive as bound, a row predicted new that is not fails the transaction as the statement's count
/// would, and the group writer's second run (every write answered) gives each block its own outcome.
final class PostgresCopiedRowsTests: XCTestCase {
    private let shape = RowInsert(
        table: "fixes",
        columns: [.init("k", "bigint"), .init("small", "smallint"), .init("middle", "integer"), .init("v", "double precision")],
        conflictClause: "ON CONFLICT DO NOTHING")

    private func connection() throws -> PostgresConnection {
        let db = try PostgresTestServer.connect()
        try db.execute("CREATE TEMP TABLE fixes (k BIGINT PRIMARY KEY, small SMALLINT, middle INTEGER, v DOUBLE PRECISION)")
        db.defersPredictedWrites = true
        return db
    }

    private static func rows(_ keys: ClosedRange<Int64>) -> (inout ParameterBinder) -> Void {
        { row in
            for k in keys {
                row.bind(k)
                row.bind(k.isMultiple(of: 7) ? nil : Int64(k % 300 - 150))
                row.bind(k.isMultiple(of: 5) ? Int64(Int32.min) : Int64(k * 1000))
                row.bind(k.isMultiple(of: 3) ? nil : Double(k) / 8)
            }
        }
    }

    func testManyRowsAreCopiedWithTheirValuesAndFewGoAsAStatement() throws {
        let db = try connection()
        XCTAssertEqual(shape.copySQL, "COPY fixes (k, small, middle, v) FROM STDIN (FORMAT binary)")
        try db.inTransaction(isolation: .serializable) {
            try db.inSavepoint { try db.insertRows(shape, count: 150, binding: Self.rows(1...150)) }
            try db.inSavepoint { try db.insertRows(shape, count: 150, binding: Self.rows(151...300)) }
            XCTAssertEqual(try db.fetchOne("SELECT count(*) FROM fixes") as Int?, 300, "sent before the read that follows them")
            try db.inSavepoint { try db.insertRows(shape, count: 10, binding: Self.rows(301...310)) }
        }
        XCTAssertEqual(db.copiesSent, 1, "the 300 rows of two blocks by one COPY, the 10 after them as a statement")
        var expected: [String] = []
        for k in Int64(1)...310 {
            let small = k.isMultiple(of: 7) ? "nil" : "\(k % 300 - 150)"
            let middle = k.isMultiple(of: 5) ? Int64(Int32.min) : k * 1000
            let v = k.isMultiple(of: 3) ? "nil" : "\(Double(k) / 8)"
            expected.append("\(k) \(small) \(middle) \(v)")
        }
        let stored = try db.fetchAll("SELECT k, small, middle, v FROM fixes ORDER BY k") { row in
            "\(try row.value(named: "k") as Int64) \(try row.value(named: "small") as Int64?, default: "nil") "
                + "\(try row.value(named: "middle") as Int64) \(try row.value(named: "v") as Double?, default: "nil")"
        }
        XCTAssertEqual(stored, expected)
    }

    func testABlocksManyRowsGoBeforeTheBlockEndsAndRollBackWithIt() throws {
        struct Refused: Error {}
        let db = try connection()
        try db.inTransaction(isolation: .serializable) {
            try db.inSavepoint { try db.insertRows(shape, count: 300, binding: Self.rows(1...300)) }
            XCTAssertEqual(db.copiesSent, 1, "a block's many rows go while the block goes on")
            XCTAssertThrowsError(try db.inSavepoint {
                try db.insertRows(shape, count: 250, binding: Self.rows(301...550))
                XCTAssertEqual(db.copiesSent, 2)
                throw Refused()
            })
            try db.inSavepoint { try db.insertRows(shape, count: 10, binding: Self.rows(551...560)) }
        }
        XCTAssertEqual(try db.fetchOne("SELECT count(*) FROM fixes") as Int?, 310, "the refused block's rows rolled back with it")
        XCTAssertEqual(try db.fetchOne("SELECT count(*) FROM fixes WHERE k BETWEEN 301 AND 550") as Int?, 0)
    }

    func testRowsInFlightAreAnsweredBeforeTheNextStatementAndBeforeHeldBackWritesAfterThem() throws {
        let db = try connection()
        try db.inTransaction(isolation: .serializable) {
            try db.inSavepoint {
                try db.insertRows(shape, count: 400, binding: Self.rows(1...400))
                // Held back behind the rows in flight, sent with the COMMIT.
                try db.execute("UPDATE fixes SET small = 1 WHERE k = 400", expectingChanges: 1) { _ in }
            }
            XCTAssertEqual(try db.fetchOne("SELECT count(*) FROM fixes") as Int?, 400, "the read waits for the rows in flight")
            try db.inSavepoint { try db.insertRows(shape, count: 200, binding: Self.rows(401...600)) }
        }
        XCTAssertEqual(db.copiesSent, 2)
        XCTAssertEqual(try db.fetchOne("SELECT count(*) FROM fixes") as Int?, 600, "rows in flight at the COMMIT are committed")
        XCTAssertEqual(try db.fetchOne("SELECT small FROM fixes WHERE k = 400") as Int?, 1)
    }

    func testACopiedRowThatIsNotNewFailsTheTransactionAndKeepsNothing() throws {
        let db = try connection()
        try db.execute("INSERT INTO fixes (k) VALUES (250)")
        XCTAssertThrowsError(try db.inTransaction(isolation: .serializable) {
            try db.inSavepoint { try db.insertRows(shape, count: 300, binding: Self.rows(1...300)) }
            _ = try? db.fetchOne("SELECT 1") as Int?
        }) { error in
            XCTAssertEqual((error as? PostgresError)?.isHeldBackWriteFailure, true, "\(error)")
            XCTAssertEqual((error as? PostgresError)?.sqlState, "23505")
        }
        XCTAssertEqual(db.copiesSent, 1)
        XCTAssertEqual(try db.fetchOne("SELECT count(*) FROM fixes") as Int?, 1)
    }

    func testAValueOutsideItsColumnGoesAsAStatementForTheServerToRefuse() throws {
        let db = try connection()
        XCTAssertThrowsError(try db.inTransaction {
            try db.insertRows(shape, count: 300) { row in
                Self.rows(1...299)(&row)
                row.bind(Int64(300))
                row.bind(Int64(Int16.max) + 1)
                row.bind(nil as Int64?)
                row.bind(nil as Double?)
            }
        }) { error in XCTAssertEqual((error as? PostgresError)?.sqlState, "22003", "\(error)") }
        XCTAssertEqual(db.copiesSent, 0)
    }

    func testAGroupWhoseCopyMeetsAStoredRowRunsAgainAndOnlyThatBlockFails() throws {
        let table = "copied_\(UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: ""))"
        let admin = try PostgresTestServer.connect()
        try admin.execute("CREATE TABLE \(table) (k BIGINT PRIMARY KEY, small SMALLINT, middle INTEGER, v DOUBLE PRECISION)")
        defer { try? admin.execute("DROP TABLE \(table)") }
        try admin.execute("INSERT INTO \(table) (k) VALUES (1500)")
        let shape = RowInsert(table: table, columns: self.shape.columns, conflictClause: "ON CONFLICT DO NOTHING")
        let pool = try PostgresPool(url: PostgresTestServer.url())
        defer { pool.close() }
        let failed = FailedBlocks()
        let done = DispatchGroup()
        // Queued together, three blocks of 500 rows share one group; the second predicts 1500 new.
        for block in Int64(0)..<3 {
            done.enter()
            let keys = block * 500 + 1...block * 500 + 500
            pool.submitWrite(touching: [block], { db in
                try db.insertRows(shape, count: keys.count, binding: Self.rows(keys))
            }, completion: { result in
                if case .failure = result { failed.add(block) }
                done.leave()
            })
        }
        done.wait()
        XCTAssertEqual(failed.blocks, [2])
        XCTAssertEqual(try admin.fetchOne("SELECT count(*) FROM \(table)") as Int?, 1001)
        XCTAssertEqual(try admin.fetchOne("SELECT count(*) FROM \(table) WHERE k BETWEEN 1001 AND 1500") as Int?, 1)
    }
}

/// The blocks that failed, from the writer's thread.
private final class FailedBlocks: @unchecked Sendable {
    // @unchecked Sendable: `list` is guarded by `lock`.
    private let lock = NSLock()
    private var list: [Int64] = []

    func add(_ block: Int64) {
        lock.lock()
        defer { lock.unlock() }
        list.append(block)
    }

    var blocks: [Int64] {
        lock.lock()
        defer { lock.unlock() }
        return list.sorted()
    }
}
