import Logging
import Synchronization

/// What every event loop of one server shares.
final class ServerContext: Sendable {
    let configuration: HTTPServerConfiguration
    let responder: HTTPResponder
    let metrics: HTTPMetrics
    let logger: Logger
    let workers: WorkerPool
    /// Open connections across all loops, checked against `maxConnections` on accept.
    let connectionCount = Atomic<Int>(0)

    init(configuration: HTTPServerConfiguration, responder: HTTPResponder, metrics: HTTPMetrics, logger: Logger) {
        self.configuration = configuration
        self.responder = responder
        self.metrics = metrics
        self.logger = logger
        workers = WorkerPool(threadCount: configuration.workerCount, maxWaitingJobs: configuration.maxQueuedRequests)
    }
}
