import Foundation
import HomewardSync

/// A fixed number of threads that run queued jobs in order of arrival: where a `PostgresPool` runs
/// the writes callers submit without waiting, so no caller's thread (an event loop) blocks on the
/// database and no burst starts more threads than the pool has connections for.
final class PostgresWriteQueue: @unchecked Sendable {
    // @unchecked Sendable: `jobs` and `isClosed` are guarded by `condition`.
    private let condition = ConditionLock()
    private var jobs: [@Sendable () -> Void] = []
    private var isClosed = false

    /// Starts `threads` threads.
    init(threads: Int) {
        for index in 0..<threads {
            let thread = Thread { [self] in runJobs() }
            thread.name = "postgres-write-\(index)"
            thread.start()
        }
    }

    /// Queues `job`; after `close()` it runs at once on the caller's thread.
    func enqueue(_ job: @escaping @Sendable () -> Void) {
        let accepted = condition.withLock {
            guard !isClosed else { return false }
            jobs.append(job)
            condition.signal()
            return true
        }
        if !accepted { job() }
    }

    /// Lets the threads finish the queued jobs and end.
    func close() {
        condition.withLock {
            isClosed = true
            condition.broadcast()
        }
    }

    private func runJobs() {
        while let job = nextJob() {
            job()
        }
    }

    private func nextJob() -> (@Sendable () -> Void)? {
        condition.withLock {
            while jobs.isEmpty, !isClosed {
                condition.wait()
            }
            return jobs.isEmpty ? nil : jobs.removeFirst()
        }
    }
}
