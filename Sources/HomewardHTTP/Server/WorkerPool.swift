/// A fixed pool of plain threads fed by a mutex and condition queue; runs `.worker` routes and
/// streaming bodies, so that I/O threads never block.
///
/// `@unchecked Sendable`: `jobs`, `jobHead`, `idleThreadCount` and `isStopping` are only touched
/// under `lock`, and `threads` is written once in `init` before the pool is shared. Each thread
/// holds the pool strongly, so the pool lives until `stopAndJoin()` has ended them.
final class WorkerPool: @unchecked Sendable {
    private let lock = ConditionLock()
    private let maxWaitingJobs: Int
    private var jobs: [@Sendable () -> Void] = []
    private var jobHead = 0
    private var idleThreadCount = 0
    private var isStopping = false
    private var threads: [PosixThread] = []

    /// Starts `threadCount` threads; `submitIfRoom` refuses a job once `maxWaitingJobs` jobs wait
    /// with no idle thread to take them.
    init(threadCount: Int, maxWaitingJobs: Int) {
        self.maxWaitingJobs = max(0, maxWaitingJobs)
        threads = (0..<max(1, threadCount)).map { index in
            PosixThread.spawn(name: "http-worker-\(index)") { self.runJobs() }
        }
    }

    /// Queues a job whatever the queue holds (for streams, whose response has already begun).
    func submit(_ job: @escaping @Sendable () -> Void) {
        lock.withLock {
            jobs.append(job)
            lock.signal()
        }
    }

    /// Queues a job unless `maxWaitingJobs` jobs already wait beyond the idle threads; false if refused.
    func submitIfRoom(_ job: @escaping @Sendable () -> Void) -> Bool {
        lock.withLock {
            guard jobs.count - jobHead < idleThreadCount + maxWaitingJobs else { return false }
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
        while let job = nextJob() { job() }
    }

    private func nextJob() -> (@Sendable () -> Void)? {
        lock.withLock {
            idleThreadCount += 1
            while jobHead == jobs.count && !isStopping { lock.wait() }
            idleThreadCount -= 1
            guard jobHead < jobs.count else { return nil }
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
