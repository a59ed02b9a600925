import Logging
import Synchronization

/// What every event loop of one server shares.
final class ServerContext: Sendable {
    let configuration: HTTPServerConfiguration
    let responder: HTTPResponder
    let metrics: HTTPMetrics
    let logger: Logger
    let workers: WorkerPool
    /// The pool of GET and HEAD requests; `workers` itself when `readWorkerCount` is 0.
    let readers: WorkerPool
    /// The urgent lane's pool (SOS, countdowns).
    let urgent: WorkerPool
    /// The bulk lane's pool (password hashing, exports, streamed bodies).
    let bulk: WorkerPool
    /// Open connections across all loops, checked against `maxConnections` on accept.
    let connectionCount = Atomic<Int>(0)

    init(configuration: HTTPServerConfiguration, responder: HTTPResponder, metrics: HTTPMetrics, logger: Logger) {
        self.configuration = configuration
        self.responder = responder
        self.metrics = metrics
        self.logger = logger
        workers = WorkerPool(threadCount: configuration.workerCount, maxWaitingJobs: configuration.maxQueuedRequests, name: "http-worker")
        readers = configuration.readWorkerCount > 0
            ? WorkerPool(threadCount: configuration.readWorkerCount, maxWaitingJobs: configuration.maxQueuedRequests, name: "http-reader")
            : workers
        urgent = WorkerPool(
            threadCount: configuration.urgentWorkerCount, maxWaitingJobs: configuration.maxQueuedRequests, name: "http-urgent")
        bulk = WorkerPool(threadCount: configuration.bulkWorkerCount, maxWaitingJobs: configuration.maxQueuedRequests, name: "http-bulk")
    }

    /// The pool of `lane`.
    func pool(for lane: WorkerLane) -> WorkerPool {
        switch lane {
        case .urgent: urgent
        case .writes: workers
        case .reads: readers
        case .bulk: bulk
        }
    }

    /// Every pool once, to stop them.
    var pools: [WorkerPool] {
        var pools = [workers, urgent, bulk]
        if readers !== workers { pools.append(readers) }
        return pools
    }
}
