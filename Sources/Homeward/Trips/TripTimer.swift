import Foundation
import Synchronization

/// Runs `TripMonitor.sweep()` every `timerIntervalSeconds` on its own thread, so overdue and
/// stalled trips raise their alerts even when no sample arrives.
public final class TripTimer: Sendable {
    private let monitor: TripMonitor
    private let stopped = Atomic<Bool>(false)

    /// Creates a timer for `monitor`; call `start()` to begin.
    public init(monitor: TripMonitor) {
        self.monitor = monitor
    }

    /// Starts the sweeping thread; `onError` hears of a sweep that failed (the next one retries).
    public func start(onError: @escaping @Sendable (any Error) -> Void) {
        let interval = TimeInterval(monitor.configuration.timerIntervalSeconds)
        let thread = Thread { [self] in
            while !stopped.load(ordering: .relaxed) {
                Thread.sleep(forTimeInterval: interval)
                guard !stopped.load(ordering: .relaxed) else { return }
                do {
                    try monitor.sweep()
                } catch {
                    onError(error)
                }
            }
        }
        thread.start()
    }

    /// Stops sweeping after the current interval.
    public func stop() {
        stopped.store(true, ordering: .relaxed)
    }
}
