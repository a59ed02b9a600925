import CSystemShims
import Dispatch
import Foundation
import HomewardSync
import Synchronization

/// The one thread that writes: it takes every queued write block, runs each in its own savepoint
/// inside one `BEGIN IMMEDIATE` transaction and commits the group, then hands the outcomes to a
/// `CommitFinisher` (which makes them durable with one fsync for every group waiting, and answers)
/// and starts on the next group without waiting for the disk.
///
/// `@unchecked Sendable`: `queue` and `isClosing` are guarded by `lock`; `connection` is used only
/// by the writer thread, and by `closeConnection()` after that thread has ended.
final class GroupCommitWriter: @unchecked Sendable {
    private let lock = ConditionLock()
    private var queue: [WriteJob] = []
    private var isClosing = false
    private let connection: SQLiteDatabase
    private let finisher: CommitFinisher
    private let maxGroupBlocks: Int
    /// Groups taken ahead of a waiting background job since the last one ran (under `lock`).
    private var backgroundYields = 0
    /// A background job lets at most this many groups go first, so that it is never starved.
    static let maxBackgroundYields = 8
    private let threadEnded = DispatchSemaphore(value: 0)
    private var thread: Thread?
    /// How many groups committed.
    let commitCount = Atomic<Int>(0)
    /// How many write blocks committed.
    let committedBlockCount = Atomic<Int>(0)

    /// Starts the writer on `connection`; with `log`, commits are made durable by the finisher
    /// (the connection then runs with `synchronous=NORMAL`).
    init(connection: SQLiteDatabase, maxGroupBlocks: Int, log: WriteAheadLogSync?) {
        self.connection = connection
        finisher = CommitFinisher(log: log)
        self.maxGroupBlocks = max(1, maxGroupBlocks)
        let thread = Thread { [self] in
            homeward_set_thread_name("homeward-writer")
            while let group = nextGroup() {
                commit(group)
            }
            finisher.drainAndStop()
            threadEnded.signal()
        }
        self.thread = thread
        thread.start()
    }

    /// Whether the calling thread is the writer thread (a write from inside a write would deadlock).
    var isCurrentThread: Bool { Thread.current === thread }

    /// Whether the calling thread is the finisher (a blocking write from a completion would wait
    /// for the finisher to answer it).
    var isFinisherThread: Bool { finisher.isCurrentThread }

    /// How many jobs wait for the next group.
    var queuedJobCount: Int { lock.withLock { queue.count } }

    /// Queues a job; throws when the writer is closing.
    func enqueue(_ job: WriteJob) throws {
        try lock.withLock {
            guard !isClosing else {
                throw DatabaseError.misuse("the database is closed")
            }
            queue.append(job)
            lock.broadcast()
        }
    }

    /// Stops taking jobs, lets the thread write everything already queued and the finisher answer
    /// it, and waits for both.
    func drainAndStop() {
        let wasClosing = lock.setAndWake(&isClosing)
        if !wasClosing {
            threadEnded.wait()
        }
    }

    /// Checkpoints the WAL into the database file, truncates it, and closes the connection.
    func closeConnection() throws {
        defer { connection.close() }
        try connection.execute(sql: "PRAGMA wal_checkpoint(TRUNCATE)")
    }

    private func nextGroup() -> [WriteJob]? {
        lock.withLock {
            while queue.isEmpty && !isClosing {
                lock.wait()
            }
            guard !queue.isEmpty else { return nil }
            // Ordinary jobs go first, grouped in the order they came; a background job runs in a
            // group of its own when none waits, or when it has let `maxBackgroundYields` go first.
            let ordinary = queue.count(where: { !$0.isBackground })
            if ordinary == queue.count {
                let count = min(queue.count, maxGroupBlocks)
                let group = Array(queue.prefix(count))
                queue.removeFirst(count)
                return group
            }
            if ordinary == 0 || backgroundYields >= Self.maxBackgroundYields {
                backgroundYields = 0
                return [queue.remove(at: queue.firstIndex(where: \.isBackground)!)]
            }
            backgroundYields += 1
            var group: [WriteJob] = [], rest: [WriteJob] = []
            for job in queue {
                if !job.isBackground && group.count < maxGroupBlocks { group.append(job) } else { rest.append(job) }
            }
            queue = rest
            return group
        }
    }

    /// Runs and commits one group. A block that throws rolls back only its savepoint; when SQLite
    /// itself aborts the transaction (a full disk, an I/O error) or COMMIT fails, every block whose
    /// work was in it fails with that error, and the next block starts a fresh transaction. The
    /// outcomes go to the finisher in the order they were decided.
    private func commit(_ group: [WriteJob]) {
        var decided: [CommitFinisher.Outcome] = []
        decided.reserveCapacity(group.count)
        var pending: [WriteJob] = []
        defer { finisher.hand(decided) }
        for job in group {
            if !connection.isInTransaction {
                do {
                    try connection.statement(literal: "BEGIN IMMEDIATE").execute()
                } catch {
                    decided.append(.init(job: job, error: error))
                    continue
                }
                if (try? connection.noticeOtherConnectionsCommits()) == nil {
                    connection.invalidateWriteCaches()
                }
            }
            do {
                try connection.statement(literal: "SAVEPOINT homeward_group_write").execute()
            } catch {
                decided.append(.init(job: job, error: error))
                abandon(&pending, into: &decided, error: error)
                continue
            }
            let mark = connection.transactionState.hooks.mark
            guard let blockError = job.run(in: connection) else {
                do {
                    try connection.statement(literal: "RELEASE homeward_group_write").execute()
                    pending.append(job)
                } catch {
                    decided.append(.init(job: job, error: error))
                    abandon(&pending, into: &decided, error: error)
                }
                continue
            }
            // The job keeps the error its block threw; what it cached or hooked is undone with its rows.
            decided.append(.init(job: job, error: nil))
            connection.invalidateWriteCaches()
            connection.transactionState.hooks.rollBack(to: mark)
            if connection.isInTransaction {
                do {
                    try connection.statement(literal: "ROLLBACK TO homeward_group_write").execute()
                    try connection.statement(literal: "RELEASE homeward_group_write").execute()
                } catch {
                    abandon(&pending, into: &decided, error: error)
                }
            } else {
                // SQLite aborted the whole transaction (a full disk, an I/O error): the blocks
                // before this one lost their work too, and learn why.
                abandon(&pending, into: &decided, error: blockError)
            }
        }
        guard connection.isInTransaction else {
            abandon(&pending, into: &decided, error: DatabaseError.misuse("a write block ended the group's transaction itself"))
            return
        }
        do {
            try connection.statement(literal: "COMMIT").execute()
        } catch {
            abandon(&pending, into: &decided, error: error)
            return
        }
        connection.transactionState.hooks.commit()
        if !pending.isEmpty {
            commitCount.add(1, ordering: .relaxed)
            committedBlockCount.add(pending.count, ordering: .relaxed)
        }
        for job in pending {
            decided.append(.init(job: job, error: nil, committed: true))
        }
    }

    /// Rolls back whatever is left of the transaction and fails every job whose work was in it.
    private func abandon(_ pending: inout [WriteJob], into decided: inout [CommitFinisher.Outcome], error: any Error) {
        connection.invalidateWriteCaches()
        if connection.isInTransaction {
            try? connection.execute("ROLLBACK")
        }
        connection.transactionState.hooks.rollBack(to: 0)
        for job in pending {
            decided.append(.init(job: job, error: error))
        }
        pending.removeAll()
    }
}
