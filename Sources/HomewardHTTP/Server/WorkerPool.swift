/// A fixed pool of plain threads fed by a mutex and condition queue; runs `.worker` routes and
/// streaming bodies, so that I/O threads never block.
///
/// `@unchecked Sendable`: `jobs`, `jobHead` and `isStopping` are only touched under `lock`, and
/// `threads` is written once in `init` before the pool is shared. Each thread holds the pool
/// strongly, so the pool lives until `stopAndJoin()` has ended them.
final class WorkerPool: @unchecked Sendable {
    private let lock = ConditionLock()
    private var jobs: [@Sendable () -> Void] = []
    private var jobHead = 0
    private var isStopping = false
    private var threads: [PosixThread] = []

    init(threadCount: Int) {
        threads = (0..<max(1, threadCount)).map { index in
            PosixThread.spawn(name: "http-worker-\(index)") { self.runJobs() }
        }
    }

    /// Queues a job.
    func submit(_ job: @escaping @Sendable () -> Void) {
        lock.withLock {
            jobs.append(job)
            lock.signal()
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
            while jobHead == jobs.count && !isStopping { lock.wait() }
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
