import Foundation
import Synchronization
import HomewardStore


/// Pings the database once a second on its own thread, so that `/healthz` answers from memory on
/// the I/O thread and a stuck database shows as 503 within a second.
public final class HealthMonitor: Sendable {
    /// How often the database is pinged.
    public static let intervalMilliseconds: UInt32 = 1000

    private let healthy = Atomic<Bool>(false)
    private let stopped = Atomic<Bool>(false)
    private let database: DatabasePool

    /// Creates a monitor of `database`; call `start()` to begin pinging.
    public init(database: DatabasePool) {
        self.database = database
        healthy.store(Self.ping(database), ordering: .relaxed)
    }

    /// Whether the last ping succeeded.
    public var isHealthy: Bool { healthy.load(ordering: .relaxed) }

    /// Starts the pinging thread.
    public func start() {
        let thread = Thread { [self] in
            while !stopped.load(ordering: .relaxed) {
                Thread.sleep(forTimeInterval: Double(Self.intervalMilliseconds) / 1000)
                healthy.store(Self.ping(database), ordering: .relaxed)
            }
        }
        thread.start()
    }

    /// Stops pinging and reports unhealthy from now on.
    public func stop() {
        stopped.store(true, ordering: .relaxed)
        healthy.store(false, ordering: .relaxed)
    }

    private static func ping(_ database: DatabasePool) -> Bool {
        (try? database.ping()) != nil
    }
}
