import Foundation
import Synchronization
import XCTest
@testable import HomewardStore

/// `DatabasePool.submitWrite`: the caller's thread returns at once; the completion runs after the
/// group commit with the block's result, or with the error that failed it (and nothing of the block
/// is kept).
final class SubmitWriteTests: XCTestCase {
    private struct Refusal: Error {}
    private var directory: TemporaryDirectory!
    private var pool: DatabasePool!

    override func setUpWithError() throws {
        directory = try TemporaryDirectory()
        pool = try DatabasePool(path: directory.file("pool.sqlite"))
        try pool.write { try $0.execute(sql: "CREATE TABLE samples (n INTEGER NOT NULL)") }
    }

    override func tearDownWithError() throws {
        try pool?.close()
        pool = nil
        directory = nil
    }

    func testCompletionSeesTheCommittedRowAndTheBlocksResult() throws {
        let pool = try XCTUnwrap(pool)
        let done = expectation(description: "completion")
        let seenByAReader = Mutex<Int?>(nil)
        let result = Mutex<Int?>(nil)
        pool.submitWrite({ db in
            try db.execute("INSERT INTO samples VALUES (?)", 7)
            return 42
        }, completion: { outcome in
            result.withLock { $0 = try? outcome.get() }
            // Committed: a reader on another connection already sees the row.
            seenByAReader.withLock { $0 = try? pool.read { try $0.fetchOne("SELECT count(*) FROM samples") } }
            done.fulfill()
        })
        wait(for: [done], timeout: 10)
        XCTAssertEqual(result.withLock { $0 }, 42)
        XCTAssertEqual(seenByAReader.withLock { $0 }, 1)
    }

    func testAThrowingBlockFailsAloneAndKeepsNothing() throws {
        let pool = try XCTUnwrap(pool)
        let done = expectation(description: "completions")
        done.expectedFulfillmentCount = 3
        let outcomes = Mutex<[Int: Bool]>([:])
        for n in 0..<3 {
            pool.submitWrite({ db in
                try db.execute("INSERT INTO samples VALUES (?)", n)
                if n == 1 { throw Refusal() }
                return n
            }, completion: { outcome in
                switch outcome {
                case .success(let value): outcomes.withLock { $0[value] = true }
                case .failure(let error): outcomes.withLock { $0[n] = error is Refusal ? false : nil }
                }
                done.fulfill()
            })
        }
        wait(for: [done], timeout: 10)
        XCTAssertEqual(outcomes.withLock { $0 }, [0: true, 1: false, 2: true])
        let stored: [Int] = try pool.read { try $0.fetchAll("SELECT n FROM samples ORDER BY n") }
        XCTAssertEqual(stored, [0, 2])
    }

    func testSubmittingToAClosedPoolFailsAtOnce() throws {
        let pool = try XCTUnwrap(pool)
        try pool.close()
        let failed = Mutex(false)
        pool.submitWrite({ _ in 1 }, completion: { outcome in
            if case .failure = outcome { failed.withLock { $0 = true } }
        })
        XCTAssertTrue(failed.withLock { $0 })
    }

    func testSubmittingFromInsideAWriteBlockFailsInsteadOfDeadlocking() throws {
        let pool = try XCTUnwrap(pool)
        let failed = Mutex(false)
        try pool.write { _ in
            pool.submitWrite({ _ in 1 }, completion: { outcome in
                if case .failure = outcome { failed.withLock { $0 = true } }
            })
        }
        XCTAssertTrue(failed.withLock { $0 })
    }
}
