import HomewardStore
import Synchronization

/// Pings the database once a second on a `BackgroundLoop`, so that `/healthz` and `/readyz` answer
/// from memory on the I/O thread and a stuck database shows as 503 within a second.
public final class HealthMonitor: Sendable {
    /// How often the database is pinged.
    public static let intervalSeconds = 1.0

    private let healthy = Atomic<Bool>(false)
    private let stopping = Atomic<Bool>(false)
    private let database: any DatabaseWriter
    private let loop = BackgroundLoop(name: "health")

    /// Creates a monitor of `database`; call `start()` to begin pinging.
    public init(database: any DatabaseWriter) {
        self.database = database
        healthy.store(Self.ping(database), ordering: .relaxed)
    }

    /// Whether the last ping succeeded.
    public var isHealthy: Bool { healthy.load(ordering: .relaxed) }

    /// Whether a load balancer should send this node requests: the database answers and the node
    /// is not stopping (`/readyz`).
    public var isReady: Bool { isHealthy && !stopping.load(ordering: .relaxed) }

    /// Says the node is about to stop: from now on `/readyz` answers 503, so that a load balancer
    /// stops sending it new requests while those under way finish.
    public func markStopping() {
        stopping.store(true, ordering: .relaxed)
    }

    /// Starts pinging.
    public func start() {
        loop.start { [self] in
            healthy.store(Self.ping(database), ordering: .relaxed)
            return Self.intervalSeconds
        }
    }

    /// Stops pinging and reports unhealthy from now on.
    public func stop() {
        loop.stop()
        healthy.store(false, ordering: .relaxed)
    }

    private static func ping(_ database: any DatabaseWriter) -> Bool {
        (try? database.ping()) != nil
    }
}
