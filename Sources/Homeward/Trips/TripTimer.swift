import Logging

/// Sweeps the active trips every `timerIntervalSeconds` for the rules that fire without a new sample
/// (`overdue`, `stalled`), on a `BackgroundLoop`.
public final class TripTimer: Sendable {
    private let monitor: TripMonitor
    private let logger: Logger
    private let loop = BackgroundLoop(name: "trip-timer")

    /// Creates a stopped timer for `monitor`.
    public init(monitor: TripMonitor, logger: Logger) {
        self.monitor = monitor
        self.logger = logger
    }

    /// Starts sweeping; a sweep that fails is logged and the next one retries.
    public func start() {
        let interval = Double(monitor.configuration.timerIntervalSeconds)
        loop.start(failure: "trip timer sweep failed", logger: logger, retrySeconds: interval) { [monitor] in
            try monitor.sweep()
            return interval
        }
    }

    /// Stops sweeping, waiting for a sweep in progress.
    public func stop() {
        loop.stop()
    }
}
