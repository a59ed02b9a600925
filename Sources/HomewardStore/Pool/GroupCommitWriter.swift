import Dispatch
import Foundation
import Synchronization

/// The one thread that writes: it takes every queued write block, runs each in its own savepoint
/// inside one `BEGIN IMMEDIATE` transaction and commits the group with a single fsync.
///
/// `@unchecked Sendable`: `queue` and `isClosing` are guarded by `lock`; `connection` is used only
/// by the writer thread, and by `closeConnection()` after that thread has ended.
final class GroupCommitWriter: @unchecked Sendable {
    private let lock = ConditionLock()
    private var queue: [WriteJob] = []
    private var isClosing = false
    private let connection: Database
    private let maxGroupBlocks: Int
    private let threadEnded = DispatchSemaphore(value: 0)
    private var thread: Thread?
    /// How many groups committed.
    let commitCount = Atomic<Int>(0)
    /// How many write blocks committed.
    let committedBlockCount = Atomic<Int>(0)

    init(connection: Database, maxGroupBlocks: Int) {
        self.connection = connection
        self.maxGroupBlocks = max(1, maxGroupBlocks)
        let thread = Thread { [self] in
            while let group = nextGroup() {
                commit(group)
            }
            threadEnded.signal()
        }
        thread.name = "homeward-writer"
        self.thread = thread
        thread.start()
    }

    /// Whether the calling thread is the writer thread (a write from inside a write would deadlock).
    var isCurrentThread: Bool { Thread.current === thread }

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

    /// Stops taking jobs, lets the thread finish everything already queued, and waits for it.
    func drainAndStop() {
        let wasClosing = lock.withLock {
            defer {
                isClosing = true
                lock.broadcast()
            }
            return isClosing
        }
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
            let count = min(queue.count, maxGroupBlocks)
            let group = Array(queue.prefix(count))
            queue.removeFirst(count)
            return group
        }
    }

    /// Runs and commits one group. A block that throws rolls back only its savepoint; when SQLite
    /// itself aborts the transaction (a full disk, an I/O error) or COMMIT fails, every block whose
    /// work was in it fails with that error, and the next block starts a fresh transaction.
    private func commit(_ group: [WriteJob]) {
        var pending: [WriteJob] = []
        for job in group {
            if !connection.isInTransaction {
                do {
                    try connection.statement(literal: "BEGIN IMMEDIATE").execute()
                } catch {
                    job.finish(failingWith: error)
                    continue
                }
            }
            do {
                try connection.statement(literal: "SAVEPOINT homeward_group_write").execute()
            } catch {
                job.finish(failingWith: error)
                abandon(&pending, error: error)
                continue
            }
            guard let blockError = job.run(in: connection) else {
                do {
                    try connection.statement(literal: "RELEASE homeward_group_write").execute()
                    pending.append(job)
                } catch {
                    job.finish(failingWith: error)
                    abandon(&pending, error: error)
                }
                continue
            }
            job.finish()
            if connection.isInTransaction {
                do {
                    try connection.statement(literal: "ROLLBACK TO homeward_group_write").execute()
                    try connection.statement(literal: "RELEASE homeward_group_write").execute()
                } catch {
                    abandon(&pending, error: error)
                }
            } else {
                // SQLite aborted the whole transaction (a full disk, an I/O error): the blocks
                // before this one lost their work too, and learn why.
                abandon(&pending, error: blockError)
            }
        }
        guard connection.isInTransaction else {
            abandon(&pending, error: DatabaseError.misuse("a write block ended the group's transaction itself"))
            return
        }
        do {
            try connection.statement(literal: "COMMIT").execute()
        } catch {
            abandon(&pending, error: error)
            return
        }
        if !pending.isEmpty {
            commitCount.add(1, ordering: .relaxed)
            committedBlockCount.add(pending.count, ordering: .relaxed)
        }
        for job in pending {
            job.finish()
        }
    }

    /// Rolls back whatever is left of the transaction and fails every job whose work was in it.
    private func abandon(_ pending: inout [WriteJob], error: any Error) {
        if connection.isInTransaction {
            try? connection.execute("ROLLBACK")
        }
        for job in pending {
            job.finish(failingWith: error)
        }
        pending.removeAll()
    }
}
