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
    }

    /// The pool that runs a `.worker` route's handler for a request with `method`.
    func pool(for method: HTTPMethod) -> WorkerPool {
        method == .get || method == .head ? readers : workers
    }
}
