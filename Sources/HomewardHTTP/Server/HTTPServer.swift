import Logging
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// The HTTP/1.1 server: N event-loop threads on epoll with SO_REUSEPORT listeners (on a port no other
/// process serves), and a worker pool for handlers that may block.
public final class HTTPServer: Sendable {
    private struct State {
        var context: ServerContext?
        var mailboxes: [LoopMailbox] = []
        var loopThreads: [PosixThread] = []
        var localPort = 0
    }

    private let configuration: HTTPServerConfiguration
    private let responder: HTTPResponder
    private let logger: Logger
    private let state = Mutex(State())
    /// The request, latency, connection and byte counters of this server.
    public let metrics: HTTPMetrics

    /// Creates a server that counts into `metrics`; nothing is bound until `start()`.
    public init(configuration: HTTPServerConfiguration, router: Router, metrics: HTTPMetrics = HTTPMetrics(), logger: Logger) {
        self.configuration = configuration
        self.metrics = metrics
        self.logger = logger
        responder = HTTPResponder(router: router, configuration: configuration, logger: logger)
    }

    /// Binds the listeners and starts the threads; returns once the server accepts connections.
    public func start() throws(HTTPServerError) {
        try state.withLock { (state) throws(HTTPServerError) in
            guard state.context == nil else { throw .alreadyStarted }
            Socket.raiseOpenFileLimit()
            let backlog = Int32(min(configuration.maxConnections, 4096))
            var listeners: [Int32] = []
            var port = configuration.port
            try Socket.refuseIfServed(host: configuration.host, port: port)
            do throws(HTTPServerError) {
                for _ in 0..<max(1, configuration.eventLoopCount) {
                    let listener = try Socket.listen(host: configuration.host, port: port, backlog: backlog)
                    port = Socket.localPort(of: listener)
                    listeners.append(listener)
                }
            } catch {
                for listener in listeners { close(listener) }
                throw error
            }
            let context = ServerContext(configuration: configuration, responder: responder, metrics: metrics, logger: logger)
            state.context = context
            state.localPort = port
            for (index, listener) in listeners.enumerated() {
                let mailbox = LoopMailbox()
                state.mailboxes.append(mailbox)
                state.loopThreads.append(PosixThread.spawn(name: "http-loop-\(index)") {
                    EventLoop(context: context, listener: listener, mailbox: mailbox).run()
                })
            }
            logger.info("listening on \(configuration.host):\(port)", metadata: ["event-loops": "\(listeners.count)", "workers": "\(configuration.workerCount)"])
        }
    }

    /// The bound port (useful with port 0); 0 before `start()`.
    public var localPort: Int {
        state.withLock { $0.localPort }
    }

    /// Stops accepting, lets in-flight requests finish within the grace period, closes idle
    /// connections and streams. Returns at once; see `waitUntilStopped()`.
    public func shutdown() {
        let mailboxes = state.withLock { $0.mailboxes }
        for mailbox in mailboxes { mailbox.post(.shutdown) }
    }

    /// Blocks until every loop has finished after `shutdown()`, then stops the worker pools.
    public func waitUntilStopped() {
        let (threads, context) = state.withLock { state in
            let taken = (state.loopThreads, state.context)
            state.loopThreads = []
            return taken
        }
        guard !threads.isEmpty else { return }
        for thread in threads { thread.join() }
        for pool in context?.pools ?? [] { pool.stopAndJoin() }
        logger.info("stopped")
    }
}
