#if canImport(Glibc)
import Glibc
#endif

/// Every limit, timeout and size of the server, with its unit in its name.
public struct HTTPServerConfiguration: Sendable {
    /// The address to bind: IPv4 (`127.0.0.1`, `0.0.0.0`) or IPv6 (`::1`, `::`).
    public var host = "127.0.0.1"
    /// The port to bind; 0 picks an ephemeral port (see `HTTPServer.localPort`).
    public var port = 8080
    /// Reverse proxies whose `X-Forwarded-For`, `Forwarded` and `X-Forwarded-Proto` are believed;
    /// none by default.
    public var trustedProxies = TrustedProxies()
    /// Event-loop threads, each with its own epoll instance and SO_REUSEPORT listener.
    public var eventLoopCount = HTTPServerConfiguration.processorCount
    /// Worker threads that run `.worker` routes (they may block on the database).
    public var workerCount = 2 * HTTPServerConfiguration.processorCount + 2
    /// Worker threads of their own for GET and HEAD requests of `.worker` routes, so that reads never
    /// queue behind writes that hold a shared worker until their commit is on disk; 0 runs reads on
    /// the shared workers.
    public var readWorkerCount = 4
    /// Worker threads of the urgent lane (SOS, countdowns, acknowledgements), which nothing else
    /// uses, so strangers' work never delays an SOS.
    public var urgentWorkerCount = 4
    /// Worker threads of the bulk lane (password hashing, exports, streamed bodies), so slow or
    /// heavy work never holds a thread that other requests need.
    public var bulkWorkerCount = 8
    /// Most requests waiting for a free worker; beyond it a `.worker` request gets 503 `unavailable`
    /// at once from the I/O thread instead of queueing.
    public var maxQueuedRequests = 4096
    /// The `Retry-After` of the 503 answered when the worker queue is full.
    public var queueFullRetryAfterSeconds = 1
    /// Longest request line accepted; longer gets 414.
    public var maxRequestLineBytes = 8 * 1024
    /// Largest header section (after the request line) or trailer section; larger gets 431.
    public var maxHeaderBytes = 16 * 1024
    /// Most header fields (or trailer fields) in a request; more gets 431.
    public var maxHeaderCount = 100
    /// Longest chunk-size line (size and extensions); longer gets 400.
    public var maxChunkLineBytes = 4 * 1024
    /// Largest request body as sent; larger gets 413.
    public var maxBodyBytes = 1024 * 1024
    /// Largest request body after undoing `Content-Encoding: gzip`; larger gets 413.
    public var maxDecodedBodyBytes = 8 * 1024 * 1024
    /// Time allowed for a request head to arrive once it has begun (or once the connection opened).
    public var headerReadTimeoutSeconds = 10.0
    /// Time allowed for a request body to arrive after its head.
    public var bodyReadTimeoutSeconds = 30.0
    /// Time an idle keep-alive connection is kept open.
    public var idleTimeoutSeconds = 60.0
    /// Time a response may make no progress on the socket before the connection is dropped.
    public var writeTimeoutSeconds = 30.0
    /// Most open connections across all loops; beyond it new connections get 503 and are closed.
    public var maxConnections = 16_384
    /// Most connections a loop accepts per wakeup before serving its other connections again, so
    /// that a connection flood cannot starve the clients already connected.
    public var maxAcceptsPerWakeup = 64
    /// Time in-flight requests get to finish after `shutdown()`.
    public var shutdownGracePeriodSeconds = 10.0
    /// Smallest response body that is gzip-encoded for clients that accept it.
    public var responseCompressionMinimumBytes = 1024
    /// Most unsent bytes a streamed response may queue before `write` blocks (and `send` closes).
    public var maxStreamBufferBytes = 1024 * 1024
    /// Time a connection closed after an error keeps draining input so the client reads the answer.
    public var lingeringCloseTimeoutSeconds = 2.0
    /// How often each loop checks its connections' deadlines.
    public var timerSweepIntervalMilliseconds = 250
    /// Bytes requested from the socket per read.
    public var readChunkBytes = 16 * 1024

    /// The defaults.
    public init() {}

    /// The number of online processors.
    public static var processorCount: Int {
        max(1, sysconf(Int32(_SC_NPROCESSORS_ONLN)))
    }
}
