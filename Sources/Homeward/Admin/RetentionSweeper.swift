import Dispatch
import Logging
import Synchronization

/// Applies `retentionDays` in the running server: prunes history once at start and then every
/// `retentionIntervalSeconds`, on a background queue, until stopped.
public final class RetentionSweeper: Sendable {
    private let pruner: HistoryPruner
    private let clock: any WallClock
    private let retentionMilliseconds: Int64
    private let intervalSeconds: Int
    private let logger: Logger
    private let isRunning = Atomic<Bool>(false)
    private let queue = DispatchQueue(label: "homeward.retention")

    /// Creates a sweeper keeping `retentionDays` of history (0 disables it).
    public init(pruner: HistoryPruner, clock: any WallClock, retentionDays: Int, intervalSeconds: Int, logger: Logger) {
        self.pruner = pruner
        self.clock = clock
        self.retentionMilliseconds = Int64(retentionDays) * 86_400_000
        self.intervalSeconds = intervalSeconds
        self.logger = logger
    }

    /// Starts the daily sweep, unless retention is 0 (keep everything).
    public func start() {
        guard retentionMilliseconds > 0, !isRunning.exchange(true, ordering: .acquiringAndReleasing) else { return }
        queue.async { self.sweep() }
    }

    /// Stops scheduling sweeps (one in progress finishes).
    public func stop() {
        isRunning.store(false, ordering: .releasing)
    }

    private func sweep() {
        guard isRunning.load(ordering: .acquiring) else { return }
        do {
            let result = try pruner.prune(before: clock.now().adding(milliseconds: -retentionMilliseconds))
            logger.info("pruned history", metadata: ["locations": "\(result.locations)", "motion": "\(result.motion)"])
        } catch {
            logger.error("pruning history failed", metadata: ["error": "\(error)"])
        }
        queue.asyncAfter(deadline: .now() + .seconds(intervalSeconds)) { self.sweep() }
    }
}
