import Foundation
import HomewardSync
import Logging

/// A thread that runs `pass` over and over, sleeping after each pass for the seconds it returns, or
/// until `wake()`. Every background worker of the app is one of these: countdowns, alert checks,
/// webhook delivery, stream heartbeats, the trip timer, retention and the health check.
///
/// Sleeps are timed on the monotonic clock: setting the wall clock does not move a countdown's check.
///
/// `@unchecked Sendable`: every stored variable is read and written only with `condition` locked.
public final class BackgroundLoop: @unchecked Sendable {
    private let name: String
    private let condition = ConditionLock()
    private var isRunning = false
    private var isStopping = false
    private var hasExited = false
    private var isInPass = false
    private var wakeRequested = false
    private var completedPasses = 0

    /// Creates a stopped loop; `name` names its thread.
    public init(name: String) {
        self.name = name
    }

    /// Starts the thread running `pass` (one round of work, returning how long to sleep in seconds);
    /// the first pass runs at once. A loop already started ignores the call.
    public func start(_ pass: @escaping @Sendable () -> Double) {
        condition.withLock {
            guard !isRunning else { return }
            isRunning = true
            let thread = Thread { [self] in run(pass) }
            thread.name = name
            thread.start()
        }
    }

    /// Starts the thread running `pass` as `start(_:)` does; a pass that throws is logged on `logger`
    /// as `failure` with its error, and the next pass follows after `retrySeconds`.
    public func start(
        failure: Logger.Message, logger: Logger, retrySeconds: Double, _ pass: @escaping @Sendable () throws -> Double
    ) {
        start {
            do {
                return try pass()
            } catch {
                logger.error(failure, metadata: ["error": "\(error)"])
                return retrySeconds
            }
        }
    }

    /// Cuts the current sleep short.
    public func wake() {
        condition.withLock {
            wakeRequested = true
            condition.broadcast()
        }
    }

    /// Wakes the loop and waits until a pass that started after this call has finished (tests that
    /// move a manual clock use it); returns at once when the loop is not running.
    public func runPassAndWait() {
        condition.withLock {
            let target = completedPasses + (isInPass ? 2 : 1)
            wakeRequested = true
            condition.broadcast()
            while isRunning && !hasExited && completedPasses < target { condition.wait() }
        }
    }

    /// Stops the thread, waiting for the pass in progress.
    public func stop() {
        condition.withLock {
            isStopping = true
            condition.broadcast()
            while isRunning && !hasExited { condition.wait() }
        }
    }

    private func run(_ pass: @Sendable () -> Double) {
        while true {
            let proceeds = condition.withLock { () -> Bool in
                guard !isStopping else {
                    hasExited = true
                    condition.broadcast()
                    return false
                }
                wakeRequested = false
                isInPass = true
                return true
            }
            guard proceeds else { return }
            let sleepSeconds = pass()
            condition.withLock {
                isInPass = false
                completedPasses += 1
                condition.broadcast()
                if !isStopping && !wakeRequested {
                    condition.wait(timeoutSeconds: max(0, sleepSeconds))
                }
            }
        }
    }
}
