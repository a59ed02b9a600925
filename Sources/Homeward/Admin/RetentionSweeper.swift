import Logging

/// Applies `retentionDays` in the running server: prunes history once at start and then every
/// `retentionIntervalSeconds`, on a `BackgroundLoop`, until stopped.
public final class RetentionSweeper: Sendable {
    private let pruner: HistoryPruner
    private let clock: any WallClock
    private let retentionMilliseconds: Int64
    private let intervalSeconds: Int
    private let logger: Logger
    private let loop = BackgroundLoop(name: "retention")

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
        guard retentionMilliseconds > 0 else { return }
        loop.start { [self] in
            sweep()
            return Double(intervalSeconds)
        }
    }

    /// Stops sweeping, waiting for a sweep in progress (so the database can close after it).
    public func stop() {
        loop.stop()
    }

    private func sweep() {
        do {
            let result = try pruner.prune(before: clock.now().adding(milliseconds: -retentionMilliseconds))
            logger.info("pruned history", metadata: ["locations": "\(result.locations)", "motion": "\(result.motion)"])
        } catch {
            logger.error("pruning history failed", metadata: ["error": "\(error)"])
        }
    }
}
