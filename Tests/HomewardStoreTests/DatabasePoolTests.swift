import Foundation
import Synchronization
import XCTest
@testable import HomewardStore

final class DatabasePoolTests: XCTestCase {
    private struct Refusal: Error {}
    private var directory: TemporaryDirectory!
    private var pool: DatabasePool!

    override func setUpWithError() throws {
        directory = try TemporaryDirectory()
        pool = try DatabasePool(path: directory.file("pool.sqlite"))
        try pool.writeSQLite { try $0.execute(sql: "CREATE TABLE samples (writer INTEGER NOT NULL, n INTEGER NOT NULL)") }
    }

    override func tearDownWithError() throws {
        try pool?.close()
        pool = nil
        directory = nil
    }

    private func sampleCount(in reader: some DatabaseReader) throws -> Int {
        try reader.read { try $0.fetchOne("SELECT count(*) FROM samples") } ?? -1
    }

    /// Occupies the writer thread until the returned semaphore is signalled, so that the writes
    /// queued meanwhile form one group.
    private func holdWriter() throws -> (release: DispatchSemaphore, finished: DispatchGroup) {
        let pool = try XCTUnwrap(pool)
        let entered = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        let finished = DispatchGroup()
        finished.enter()
        Thread {
            try? pool.write { _ in
                entered.signal()
                release.wait()
            }
            finished.leave()
        }.start()
        entered.wait()
        return (release, finished)
    }

    func testConcurrentWritersShareOneCommit() throws {
        let pool = try XCTUnwrap(pool)
        let commitsBefore = pool.commitCount
        let hold = try holdWriter()
        let failures = Atomic<Int>(0)
        let writers = DispatchGroup()
        writers.enter()
        Thread {
            runOnThreads(50) { writer in
                do {
                    try pool.write { try $0.execute("INSERT INTO samples VALUES (?, ?)", writer, 0) }
                } catch {
                    failures.add(1, ordering: .relaxed)
                }
            }
            writers.leave()
        }.start()
        XCTAssertTrue(Deadline.waitUntil { pool.queuedWriteCount == 50 })
        hold.release.signal()
        writers.wait()
        hold.finished.wait()
        XCTAssertEqual(failures.load(ordering: .relaxed), 0)
        XCTAssertEqual(try sampleCount(in: pool), 50)
        XCTAssertEqual(pool.commitCount - commitsBefore, 2, "the holding write, then all 50 in one group")
    }

    func testABackgroundWriteLetsTheWaitingWritesGoFirstInAGroupOfTheirOwn() throws {
        let pool = try XCTUnwrap(pool)
        let commitsBefore = pool.commitCount
        let hold = try holdWriter()
        let order = Mutex<[String]>([])
        let writers = DispatchGroup()
        func start(_ name: String, background: Bool) {
            writers.enter()
            Thread {
                let block = { (db: any Database) in
                    try db.execute("INSERT INTO samples VALUES (?, ?)", background ? 1 : 0, 0)
                    order.withLock { $0.append(name) }
                }
                if background { try? pool.writeInBackground(block) } else { try? pool.write(block) }
                writers.leave()
            }.start()
        }
        // The background write is queued first, the ordinary ones after it.
        start("import", background: true)
        XCTAssertTrue(Deadline.waitUntil { pool.queuedWriteCount == 1 })
        start("sos", background: false)
        XCTAssertTrue(Deadline.waitUntil { pool.queuedWriteCount == 2 })
        start("phone", background: false)
        XCTAssertTrue(Deadline.waitUntil { pool.queuedWriteCount == 3 })
        hold.release.signal()
        writers.wait()
        hold.finished.wait()
        XCTAssertEqual(order.withLock { $0 }, ["sos", "phone", "import"])
        XCTAssertEqual(pool.commitCount - commitsBefore, 3, "the holding write, the two ordinary ones together, the background one alone")
        XCTAssertEqual(try sampleCount(in: pool), 3)
    }

    func testABackgroundWriteIsNotStarvedByOrdinaryOnes() throws {
        let pool = try XCTUnwrap(pool)
        let stop = Atomic<Bool>(false)
        let writers = DispatchGroup()
        // Ordinary writes keep the queue busy all the time the background ones run.
        for writer in 0..<8 {
            writers.enter()
            Thread {
                while !stop.load(ordering: .relaxed) {
                    _ = try? pool.write { try $0.execute("INSERT INTO samples VALUES (?, ?)", writer, 0) }
                }
                writers.leave()
            }.start()
        }
        for n in 0..<20 {
            try pool.writeInBackground { try $0.execute("INSERT INTO samples VALUES (?, ?)", 100, n) }
        }
        stop.store(true, ordering: .relaxed)
        writers.wait()
        XCTAssertEqual(try pool.read { try $0.fetchOne("SELECT count(*) FROM samples WHERE writer = 100") }, 20)
    }

    func testEveryAcknowledgedRowOfFiftyWritersIsPresent() throws {
        let pool = try XCTUnwrap(pool)
        let acknowledged = Atomic<Int>(0)
        let writesPerThread = 20
        let commitsBefore = pool.commitCount
        runOnThreads(50) { writer in
            for n in 0..<writesPerThread {
                if (try? pool.write({ try $0.execute("INSERT INTO samples VALUES (?, ?)", writer, n) })) != nil {
                    acknowledged.add(1, ordering: .relaxed)
                }
            }
        }
        XCTAssertEqual(acknowledged.load(ordering: .relaxed), 50 * writesPerThread)
        XCTAssertEqual(try sampleCount(in: pool), 50 * writesPerThread)
        XCTAssertLessThanOrEqual(pool.commitCount - commitsBefore, 50 * writesPerThread)
    }

    func testThrowingBlockInAGroupFailsAloneAndLeavesNoRow() throws {
        let pool = try XCTUnwrap(pool)
        let commitsBefore = pool.commitCount
        let hold = try holdWriter()
        let outcomes = Mutex<[Int: Bool]>([:])
        let writers = DispatchGroup()
        writers.enter()
        Thread {
            runOnThreads(3) { writer in
                do {
                    try pool.writeSQLite { database in
                        try database.execute("INSERT INTO samples VALUES (?, ?)", writer, 0)
                        if writer == 1 {
                            throw Refusal()
                        }
                    }
                    outcomes.withLock { $0[writer] = true }
                } catch {
                    outcomes.withLock { $0[writer] = error is Refusal ? false : nil }
                }
            }
            writers.leave()
        }.start()
        XCTAssertTrue(Deadline.waitUntil { pool.queuedWriteCount == 3 })
        hold.release.signal()
        writers.wait()
        hold.finished.wait()
        XCTAssertEqual(outcomes.withLock { $0 }, [0: true, 1: false, 2: true])
        let writersPresent: [Int] = try pool.read { try $0.fetchAll("SELECT writer FROM samples ORDER BY writer") }
        XCTAssertEqual(writersPresent, [0, 2])
        XCTAssertEqual(pool.commitCount - commitsBefore, 2)
    }

    func testFailedCommitFailsTheWholeGroupAndTheWriterRecovers() throws {
        let pool = try XCTUnwrap(pool)
        try pool.writeSQLite { database in
            try database.execute(sql: """
                CREATE TABLE parent (id INTEGER PRIMARY KEY);
                CREATE TABLE child (parent_id INTEGER REFERENCES parent (id) DEFERRABLE INITIALLY DEFERRED);
                """)
        }
        let hold = try holdWriter()
        let errorCodes = Mutex<[Int: Int32]>([:])
        let writers = DispatchGroup()
        writers.enter()
        Thread {
            runOnThreads(2) { writer in
                do {
                    try pool.writeSQLite { database in
                        if writer == 0 {
                            try database.execute("INSERT INTO parent (id) VALUES (?)", 1)
                        } else {
                            // Deferred: only COMMIT notices the missing parent.
                            try database.execute("INSERT INTO child (parent_id) VALUES (?)", 99)
                        }
                    }
                    errorCodes.withLock { $0[writer] = 0 }
                } catch {
                    errorCodes.withLock { $0[writer] = (error as? DatabaseError)?.resultCode ?? -1 }
                }
            }
            writers.leave()
        }.start()
        XCTAssertTrue(Deadline.waitUntil { pool.queuedWriteCount == 2 })
        hold.release.signal()
        writers.wait()
        hold.finished.wait()
        XCTAssertEqual(errorCodes.withLock { $0 }, [0: 19, 1: 19], "both blocks fail with SQLITE_CONSTRAINT")
        let parents: Int? = try pool.read { try $0.fetchOne("SELECT count(*) FROM parent") }
        XCTAssertEqual(parents, 0)
        try pool.write { try $0.execute("INSERT INTO parent (id) VALUES (?)", 2) }
        let parentsAfter: Int? = try pool.read { try $0.fetchOne("SELECT count(*) FROM parent") }
        XCTAssertEqual(parentsAfter, 1)
    }

    func testFullDiskFailsTheWriteAndLaterWritesSucceed() throws {
        let pool = try XCTUnwrap(pool)
        let pageCount: Int = try pool.write { try $0.fetchOne("PRAGMA page_count") ?? 0 }
        XCTAssertThrowsError(try pool.writeSQLite { database in
            try database.execute(sql: "PRAGMA max_page_count = \(pageCount)")
            try database.execute("INSERT INTO samples VALUES (?, ?)", 1, 1)
            try database.execute(sql: "CREATE TABLE bulky (b BLOB)")
            try database.execute("INSERT INTO bulky VALUES (?)", [UInt8](repeating: 7, count: 1 << 20))
        }) { error in
            XCTAssertEqual((error as? DatabaseError)?.resultCode, 13, "SQLITE_FULL")
        }
        try pool.writeSQLite { database in
            try database.execute(sql: "PRAGMA max_page_count = 1073741823")
            try database.execute("INSERT INTO samples VALUES (?, ?)", 2, 2)
        }
        let writers: [Int] = try pool.read { try $0.fetchAll("SELECT writer FROM samples") }
        XCTAssertEqual(writers, [2])
    }

    func testReadersSeeCommittedDataWhileAWriteIsInProgress() throws {
        let pool = try XCTUnwrap(pool)
        try pool.write { try $0.execute("INSERT INTO samples VALUES (?, ?)", 0, 0) }
        let inserted = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        let finished = DispatchGroup()
        finished.enter()
        Thread {
            try? pool.write { database in
                try database.execute("INSERT INTO samples VALUES (?, ?)", 1, 1)
                inserted.signal()
                release.wait()
            }
            finished.leave()
        }.start()
        inserted.wait()
        XCTAssertEqual(try sampleCount(in: pool), 1, "the uncommitted row is invisible, the committed one is not")
        release.signal()
        finished.wait()
        XCTAssertEqual(try sampleCount(in: pool), 2)
    }

    func testWriteFromInsideAWriteIsRefusedInsteadOfDeadlocking() throws {
        let pool = try XCTUnwrap(pool)
        XCTAssertThrowsError(try pool.write { _ in try pool.write { _ in } })
    }

    func testBackupWhileWritingIsAValidConsistentDatabase() throws {
        let pool = try XCTUnwrap(pool)
        try pool.write { try $0.execute("INSERT INTO samples VALUES (?, ?)", 0, 0) }
        let stop = Atomic<Bool>(false)
        let writing = DispatchGroup()
        writing.enter()
        Thread {
            var n = 1
            while !stop.load(ordering: .relaxed) {
                _ = try? pool.write { try $0.execute("INSERT INTO samples VALUES (?, ?)", 1, n) }
                n += 1
            }
            writing.leave()
        }.start()
        let backupPath = directory.file("backup.sqlite")
        let copiedDuringWrites = Result {
            XCTAssertTrue(Deadline.waitUntil { (try? self.sampleCount(in: pool)) ?? 0 > 20 })
            try pool.backup(to: backupPath)
        }
        stop.store(true, ordering: .relaxed)
        writing.wait()
        try copiedDuringWrites.get()

        let copy = try SQLiteDatabase(path: backupPath, access: .readOnly)
        let integrity: String? = try copy.fetchOne("PRAGMA integrity_check")
        XCTAssertEqual(integrity, "ok")
        let copied: Int = try copy.fetchOne("SELECT count(*) FROM samples") ?? 0
        XCTAssertGreaterThan(copied, 20)
        XCTAssertLessThanOrEqual(copied, try sampleCount(in: pool))
        XCTAssertThrowsError(try pool.backup(to: backupPath), "an existing file is never overwritten")
    }

    func testCloseThenReopenKeepsEveryAcknowledgedRow() throws {
        let pool = try XCTUnwrap(pool)
        let acknowledged = Atomic<Int>(0)
        runOnThreads(8) { writer in
            for n in 0..<25 where (try? pool.write({ try $0.execute("INSERT INTO samples VALUES (?, ?)", writer, n) })) != nil {
                acknowledged.add(1, ordering: .relaxed)
            }
        }
        try pool.close()
        XCTAssertThrowsError(try pool.write { _ in }, "a closed pool refuses writes")
        XCTAssertThrowsError(try pool.read { _ in }, "a closed pool refuses reads")
        let walSize = (try? FileManager.default.attributesOfItem(atPath: pool.path + "-wal")[.size] as? Int) ?? 0
        XCTAssertEqual(walSize, 0, "close checkpoints and truncates the WAL")

        let reopened = try DatabasePool(path: pool.path)
        XCTAssertEqual(try sampleCount(in: reopened), acknowledged.load(ordering: .relaxed))
        XCTAssertEqual(acknowledged.load(ordering: .relaxed), 200)
        try reopened.close()
    }

    func testPingAndFileSizeReportAnOpenDatabase() throws {
        let pool = try XCTUnwrap(pool)
        try pool.ping()
        XCTAssertGreaterThan(pool.fileSizeBytes, 0)
    }

    func testReadsFromMoreThreadsThanReadersAllSucceed() throws {
        let pool = try XCTUnwrap(pool)
        try pool.write { try $0.execute("INSERT INTO samples VALUES (?, ?)", 0, 0) }
        let successes = Atomic<Int>(0)
        runOnThreads(16) { _ in
            for _ in 0..<20 where (try? pool.read({ try $0.fetchOne("SELECT count(*) FROM samples") as Int? })) == 1 {
                successes.add(1, ordering: .relaxed)
            }
        }
        XCTAssertEqual(successes.load(ordering: .relaxed), 16 * 20)
    }

    // MARK: submitWrite: the caller's thread returns at once; the completion runs after the group
    // commit with the block's result, or with the error that failed it (and nothing of the block is kept).

    func testSubmittedWriteCompletesAfterTheCommitWithTheBlocksResult() throws {
        let pool = try XCTUnwrap(pool)
        let done = expectation(description: "completion")
        let seenByAReader = Mutex<Int?>(nil)
        let result = Mutex<Int?>(nil)
        pool.submitWrite({ db in
            try db.execute("INSERT INTO samples VALUES (?, ?)", 0, 7)
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

    func testAThrowingSubmittedBlockFailsAloneAndKeepsNothing() throws {
        let pool = try XCTUnwrap(pool)
        let done = expectation(description: "completions")
        done.expectedFulfillmentCount = 3
        let outcomes = Mutex<[Int: Bool]>([:])
        for writer in 0..<3 {
            pool.submitWrite({ db in
                try db.execute("INSERT INTO samples VALUES (?, ?)", writer, 0)
                if writer == 1 { throw Refusal() }
                return writer
            }, completion: { outcome in
                switch outcome {
                case .success(let value): outcomes.withLock { $0[value] = true }
                case .failure(let error): outcomes.withLock { $0[writer] = error is Refusal ? false : nil }
                }
                done.fulfill()
            })
        }
        wait(for: [done], timeout: 10)
        XCTAssertEqual(outcomes.withLock { $0 }, [0: true, 1: false, 2: true])
        let writersPresent: [Int] = try pool.read { try $0.fetchAll("SELECT writer FROM samples ORDER BY writer") }
        XCTAssertEqual(writersPresent, [0, 2])
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

    func testABlockingWriteFromACompletionIsRefusedInsteadOfDeadlocking() throws {
        let pool = try XCTUnwrap(pool)
        let refused = expectation(description: "the completion's write was refused")
        pool.submitWrite({ _ in 1 }, completion: { _ in
            do {
                try pool.write { try $0.execute("INSERT INTO samples VALUES (?, ?)", 9, 9) }
            } catch {
                refused.fulfill()
            }
        })
        wait(for: [refused], timeout: 10)
        XCTAssertEqual(try sampleCount(in: pool), 0)
    }

    // MARK: Durability: the finisher syncs the write-ahead log before anyone hears of a commit

    func testTheWriterCommitsWithoutSyncingAndTheFinisherSyncsTheLog() throws {
        let pool = try XCTUnwrap(pool)
        let synchronous: Int? = try pool.write { try $0.fetchOne("PRAGMA synchronous") }
        XCTAssertEqual(synchronous, 1, "NORMAL: COMMIT leaves the log's sync to the finisher")
        try pool.write { try $0.execute("INSERT INTO samples VALUES (?, ?)", 1, 1) }
        XCTAssertEqual(try sampleCount(in: pool), 1)
    }

    func testAWriteIsNotAcknowledgedWhenTheLogCannotBeSynced() throws {
        let pool = try XCTUnwrap(pool)
        let log = directory.file("pool.sqlite") + "-wal"
        try pool.write { try $0.execute("INSERT INTO samples VALUES (?, ?)", 1, 1) }
        XCTAssertTrue(FileManager.default.fileExists(atPath: log))
        // The log disappears from under the server (a disk gone wrong): the commit cannot be made
        // durable, so the writer hears of a failure and resends, rather than of a success.
        try FileManager.default.removeItem(atPath: log)
        XCTAssertThrowsError(try pool.write { try $0.execute("INSERT INTO samples VALUES (?, ?)", 2, 2) }) { error in
            XCTAssertEqual((error as? DatabaseError)?.resultCode, 10, "SQLITE_IOERR: \(error)")
        }
        let failed = expectation(description: "submitted write failed")
        pool.submitWrite({ db in try db.execute("INSERT INTO samples VALUES (?, ?)", 3, 3) }, completion: { outcome in
            if case .failure = outcome { failed.fulfill() }
        })
        wait(for: [failed], timeout: 10)
    }

    func testTheCheckpointThreadCopiesTheLogBackWhileWritesGoOn() throws {
        var configuration = DatabaseConfiguration()
        configuration.checkpointThresholdPages = 4
        let path = directory.file("checkpointed.sqlite")
        let pool = try DatabasePool(path: path, configuration: configuration)
        try pool.writeSQLite { try $0.execute(sql: "CREATE TABLE pages (n INTEGER NOT NULL, b BLOB NOT NULL)") }
        for n in 0..<40 {
            try pool.write { try $0.execute("INSERT INTO pages VALUES (?, zeroblob(8000))", n) }
        }
        XCTAssertTrue(Deadline.waitUntil { pool.backgroundCheckpointCount > 0 })
        let fileSize = (try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
        XCTAssertGreaterThan(fileSize, 100_000, "pages reached the database file before any close")
        try pool.close()
        let reopened = try DatabasePool(path: path)
        defer { try? reopened.close() }
        let count: Int? = try reopened.read { try $0.fetchOne("SELECT count(*) FROM pages") }
        XCTAssertEqual(count, 40)
    }
}
