import Foundation
import HomewardStore
import HomewardSync
import Synchronization

/// The one connection through which a node writes to PostgreSQL, committing many callers' write
/// blocks in one transaction (group commit, as SQLite's writer does): a commit, and the server's
/// flush to disk, serve every block of the group, and blocks of one node never race each other.
///
/// Each block runs in its own savepoint, so one that throws undoes only its own changes (and its
/// hooks) and fails alone. The group's transaction is SERIALIZABLE; when it loses a race with
/// another node's write (SQLSTATE 40001/40P01) it is rolled back, every hook undone, and the whole
/// group runs again after a short random wait, at most `maxAttempts` times in all. A group that lost
/// `runAloneAfter` races in a row runs alone: its transaction first locks the tables named in
/// `tablesLockedToRunAlone` (`EXCLUSIVE`, before its snapshot), so the other nodes' writers that
/// write them finish first and the next wait for it; under a steady load of large uploads on two nodes, groups
/// otherwise lost eight races in a row and their callers got 503. A broken connection fails the
/// group and is opened again for the next one.
final class PostgresGroupWriter: @unchecked Sendable {
    // @unchecked Sendable: `queue`, `isClosed` and `writerThread` are guarded by `condition`; the
    // connection is used by the writer thread only.
    /// One caller's block and where its outcome goes. The block is released before the outcome is
    /// handed on: a blocking caller's block is only lent to the writer (`withoutActuallyEscaping`),
    /// which traps if anything still holds it once the caller returns.
    private final class Job {
        var run: ((any Database) throws -> Void)?
        let finish: @Sendable ((any Error)?) -> Void
        /// The accounts the block will touch, read for the whole group at once (`prepare`).
        let subjects: [Int64]

        init(run: @escaping (any Database) throws -> Void, subjects: [Int64], finish: @escaping @Sendable ((any Error)?) -> Void) {
            self.run = run
            self.subjects = subjects
            self.finish = finish
        }

        /// Releases the block, then hands on the outcome.
        func complete(_ error: (any Error)?) {
            run = nil
            finish(error)
        }
    }

    private let url: String
    private let maxGroupBlocks: Int
    private let maxAttempts: Int
    private let runAloneAfter: Int
    /// `LOCK TABLE … IN EXCLUSIVE MODE` for a group that runs alone; nil when none is named.
    private let runAloneStatement: String?
    private let condition = ConditionLock()
    private var queue: [Job] = []
    private var isClosed = false
    private var connection: PostgresConnection?
    private var writerThread: Thread?
    /// How many groups committed.
    let commitCount = Atomic<Int>(0)
    /// How many write blocks committed.
    let committedBlockCount = Atomic<Int>(0)
    /// How many times a group ran again after it lost a race with another node's write.
    let lostRaceCount = Atomic<Int>(0)
    /// Run in each group's transaction before its blocks, with the subjects they named.
    private var prepare: (@Sendable (any Database, [Int64]) throws -> Void)?

    /// A writer on `url`, within `limits` (blocks a group, attempts, when a group runs alone).
    init(url: String, limits: PostgresPoolLimits) {
        self.url = url
        maxGroupBlocks = max(1, limits.maxGroupBlocks)
        maxAttempts = max(1, limits.maxWriteAttempts)
        runAloneAfter = max(1, limits.runAloneAfterLostRaces)
        runAloneStatement = limits.tablesLockedToRunAlone.isEmpty
            ? nil : "LOCK TABLE \(limits.tablesLockedToRunAlone.joined(separator: ", ")) IN EXCLUSIVE MODE"
        let thread = Thread { [self] in runGroups() }
        thread.name = "postgres-writer"
        writerThread = thread
        thread.start()
    }

    /// Whether the calling thread is the writer's (where waiting for a write would wait for itself).
    var isCurrentThread: Bool { condition.withLock { writerThread } === Thread.current }

    /// Queues `run`, which will touch the accounts `subjects`; `finish` gets nil once its group
    /// committed, or the error that failed it.
    func enqueue(
        _ run: @escaping (any Database) throws -> Void, subjects: [Int64] = [], finish: @escaping @Sendable ((any Error)?) -> Void
    ) {
        let accepted = condition.withLock {
            guard !isClosed else { return false }
            queue.append(Job(run: run, subjects: subjects, finish: finish))
            condition.signal()
            return true
        }
        if !accepted { finish(PostgresError(sqlState: "08003", message: "the database writer is closed")) }
    }

    /// Runs `prepare` in each group's transaction before its blocks (see `DatabaseWriter.prepareGroups`).
    func prepareGroups(_ prepare: @escaping @Sendable (any Database, [Int64]) throws -> Void) {
        condition.withLock { self.prepare = prepare }
    }

    /// Lets the queued groups finish, then ends the thread.
    func close() {
        condition.withLock {
            isClosed = true
            condition.broadcast()
        }
    }

    private func runGroups() {
        while let group = nextGroup() {
            commit(group)
        }
        connection = nil
    }

    private func nextGroup() -> [Job]? {
        condition.withLock {
            while queue.isEmpty, !isClosed { condition.wait() }
            guard !queue.isEmpty else { return nil }
            let count = min(queue.count, maxGroupBlocks)
            defer { queue.removeFirst(count) }
            return Array(queue.prefix(count))
        }
    }

    /// Runs and commits one group: the subjects' rows read at once (`prepare`), then each block in
    /// its own savepoint, its predicted writes held back to travel with the next statement or the
    /// COMMIT. When a held-back write fails or changes other rows than predicted, the whole group
    /// runs again with every write answered at once, so that each block gets its own outcome.
    private func commit(_ group: [Job]) {
        var attempt = 1
        var holdingWritesBack = true
        let prepare = condition.withLock { self.prepare }
        let subjects = Array(Set(group.flatMap(\.subjects))).sorted()
        while true {
            do {
                let open = try connection ?? PostgresConnection(url: url)
                connection = open
                open.keepsWriteCaches = true
                open.defersPredictedWrites = holdingWritesBack
                var failures: [Int: any Error] = [:]
                try open.inTransaction(isolation: .serializable) {
                    // First, so that the snapshot (taken at the first query) follows the lock.
                    if attempt > runAloneAfter, let runAloneStatement { try open.execute(runAloneStatement) }
                    if let prepare, !subjects.isEmpty { try prepare(open, subjects) }
                    for (index, job) in group.enumerated() {
                        do {
                            try open.inSavepoint { try job.run?(open) }
                        } catch let error as PostgresError
                                    where error.isRetryable || error.isConnectionFailure || error.isHeldBackWriteFailure {
                            throw error
                        } catch {
                            failures[index] = error
                        }
                    }
                }
                commitCount.add(1, ordering: .relaxed)
                committedBlockCount.add(group.count - failures.count, ordering: .relaxed)
                for (index, job) in group.enumerated() { job.complete(failures[index]) }
                return
            } catch let error as PostgresError
                        where error.isHeldBackWriteFailure && holdingWritesBack && !error.isConnectionFailure && !error.isRetryable {
                holdingWritesBack = false
            } catch let error as PostgresError where error.isRetryable && attempt < maxAttempts {
                // Another node's group won the race. That says nothing about the held-back writes'
                // predictions, so the group runs again as it ran, its writes still held back; both
                // running again at once would likely collide again, so wait a random few
                // milliseconds, longer each time.
                Thread.sleep(forTimeInterval: Double.random(in: 0.001...0.005) * Double(attempt))
                lostRaceCount.add(1, ordering: .relaxed)
                attempt += 1
            } catch {
                if let failure = error as? PostgresError, failure.isConnectionFailure { connection = nil }
                if connection?.isConnected == false { connection = nil }
                for job in group { job.complete(error) }
                return
            }
        }
    }
}

/// A write block's result, set on the writer's thread and read by the caller once `finish` ran.
///
/// `@unchecked Sendable`: `value` and `failure` are written before the semaphore is signalled and
/// read only after it was waited for.
final class PostgresWriteOutcome<Value>: @unchecked Sendable {
    var value: Value?
    private var failure: (any Error)?
    private let finished = DispatchSemaphore(value: 0)

    /// The block's group committed (nil) or failed (`error`).
    func finish(_ error: (any Error)?) {
        failure = error
        finished.signal()
    }

    /// Waits for `finish`; the block's result, or its error.
    func wait() throws -> Value {
        finished.wait()
        return try result(failing: failure).get()
    }

    /// The block's result once its group ended with `error` (nil: committed).
    func result(failing error: (any Error)?) -> Result<Value, any Error> {
        if let error { return .failure(error) }
        guard let value else {
            return .failure(PostgresError(sqlState: "XX000", message: "the writer finished a block without running it"))
        }
        return .success(value)
    }
}
