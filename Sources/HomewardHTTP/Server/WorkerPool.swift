import HomewardSync

/// A fixed pool of plain threads fed by a mutex and condition queue; runs `.worker` routes and
/// streaming bodies, so that I/O threads never block.
///
/// `@unchecked Sendable`: `jobs`, `jobHead`, `busyThreadCount` and `isStopping` are only touched
/// under `lock`, and `threads` is written once in `init` before the pool is shared. Each thread
/// holds the pool strongly, so the pool lives until `stopAndJoin()` has ended them.
final class WorkerPool: @unchecked Sendable {
    private let lock = ConditionLock()
    private let maxWaitingJobs: Int
    private let threadCount: Int
    private var jobs: [@Sendable () -> Void] = []
    private var jobHead = 0
    private var busyThreadCount = 0
    private var isStopping = false
    private var threads: [PosixThread] = []

    /// Starts `threadCount` threads; `submitIfRoom` refuses a job once `maxWaitingJobs` jobs wait
    /// beyond the threads that are free to take them; threads are named `name-<index>`.
    init(threadCount: Int, maxWaitingJobs: Int, name: String = "http-worker") {
        self.maxWaitingJobs = max(0, maxWaitingJobs)
        self.threadCount = max(1, threadCount)
        threads = (0..<self.threadCount).map { index in
            PosixThread.spawn(name: "\(name)-\(index)") { self.runJobs() }
        }
    }

    /// Queues a job whatever the queue holds (for streams, whose response has already begun).
    func submit(_ job: @escaping @Sendable () -> Void) {
        lock.withLock {
            jobs.append(job)
            lock.signal()
        }
    }

    /// Queues a job unless `maxWaitingJobs` jobs already wait beyond the free threads; false if refused.
    func submitIfRoom(_ job: @escaping @Sendable () -> Void) -> Bool {
        lock.withLock {
            let freeThreadCount = threadCount - busyThreadCount
            guard jobs.count - jobHead < freeThreadCount + maxWaitingJobs else { return false }
            jobs.append(job)
            lock.signal()
            return true
        }
    }

    /// Lets queued jobs finish, then ends and joins every thread.
    func stopAndJoin() {
        lock.withLock {
            isStopping = true
            lock.broadcast()
        }
        for thread in threads { thread.join() }
    }

    private func runJobs() {
        while let job = nextJob() {
            job()
            lock.withLock { busyThreadCount -= 1 }
        }
    }

    private func nextJob() -> (@Sendable () -> Void)? {
        lock.withLock {
            while jobHead == jobs.count && !isStopping { lock.wait() }
            guard jobHead < jobs.count else { return nil }
            busyThreadCount += 1
            let job = jobs[jobHead]
            jobHead += 1
            if jobHead == jobs.count {
                jobs.removeAll(keepingCapacity: true)
                jobHead = 0
            }
            return job
        }
    }
}
