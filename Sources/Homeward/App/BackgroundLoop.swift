import Foundation

/// A thread that runs `pass` over and over, sleeping after each pass for the seconds it returns, or
/// until `wake()`. Every background worker of the app is one of these: countdowns, alert checks,
/// webhook delivery, stream heartbeats, the trip timer, retention and the health check.
///
/// `@unchecked Sendable`: every stored variable is read and written only with `condition` locked.
public final class BackgroundLoop: @unchecked Sendable {
    private let name: String
    private let condition = NSCondition()
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
        condition.lock()
        defer { condition.unlock() }
        guard !isRunning else { return }
        isRunning = true
        let thread = Thread { [self] in run(pass) }
        thread.name = name
        thread.start()
    }

    /// Cuts the current sleep short.
    public func wake() {
        condition.lock()
        wakeRequested = true
        condition.broadcast()
        condition.unlock()
    }

    /// Wakes the loop and waits until a pass that started after this call has finished (tests that
    /// move a manual clock use it); returns at once when the loop is not running.
    public func runPassAndWait() {
        condition.lock()
        let target = completedPasses + (isInPass ? 2 : 1)
        wakeRequested = true
        condition.broadcast()
        while isRunning && !hasExited && completedPasses < target { condition.wait() }
        condition.unlock()
    }

    /// Stops the thread, waiting for the pass in progress.
    public func stop() {
        condition.lock()
        isStopping = true
        condition.broadcast()
        while isRunning && !hasExited { condition.wait() }
        condition.unlock()
    }

    private func run(_ pass: @Sendable () -> Double) {
        condition.lock()
        while !isStopping {
            wakeRequested = false
            isInPass = true
            condition.unlock()
            let sleepSeconds = pass()
            condition.lock()
            isInPass = false
            completedPasses += 1
            condition.broadcast()
            if !isStopping && !wakeRequested {
                _ = condition.wait(until: Date(timeIntervalSinceNow: max(0, sleepSeconds)))
            }
        }
        hasExited = true
        condition.broadcast()
        condition.unlock()
    }
}
